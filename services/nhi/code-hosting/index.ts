// NHI code hosting: the connector kind code_hosting_organization,
// one GitHub organization on the hosted service, collected with Octokit over the
// connector's provider client. The collection pipeline runs the collector.
export { codeHostingCollector, codeHostingIdentityKinds, createCodeHostingCollector, githubIds, type CodeHostingCollectorOptions } from './collector.js';
