// NHI collection (issue 16 item 4): the contract per-kind collectors implement.
export { PartialCollectionError, type CollectedEdge, type CollectedIdentity, type CollectionContext, type Collector, type EdgeType } from './collector.js';
