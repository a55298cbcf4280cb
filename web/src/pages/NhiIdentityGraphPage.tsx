// Loaded with its route only (router.tsx): React Flow stays out of the first load.
import { Link } from '@tanstack/react-router';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import RelationshipGraph, { MAX_NEIGHBOURS, neighbourhood } from '../nhi/RelationshipGraph';
import { counterpartOf, useIdentity, useRelationships, type Relationship } from '../nhi/relationships';
import type { components } from '../../../api/openapi';

/** The identity's neighbourhood as a graph, and the same relationships as text. */
export default function NhiIdentityGraphPage({ identityId }: { identityId: string }) {
  const identity = useIdentity(identityId);
  // One page of the API's largest: what may be drawn is fewer still.
  const relationships = useRelationships(identityId, undefined, 200);
  const failed = identity.error ?? relationships.error;
  return (
    <>
      <p className="breadcrumb">
        <Link to="/nhi/identities/$identityId" params={{ identityId }}>
          {identity.data ? identity.data.name : 'Identity'}
        </Link>
      </p>
      <h1>Relationship graph{identity.data ? ` of ${identity.data.name}` : ''}</h1>
      {(identity.isPending || relationships.isPending) && !failed && <Loading what="the graph" />}
      {failed && <ErrorMessage error={failed} />}
      {identity.isSuccess && relationships.isSuccess && <Graph identity={identity.data} relationships={relationships.data} />}
    </>
  );
}

function Graph({ identity, relationships }: { identity: components['schemas']['Identity']; relationships: { items: Relationship[]; has_more: boolean } }) {
  if (relationships.items.length === 0) return <p className="empty">No relationship recorded: nothing to draw.</p>;
  const graph = neighbourhood(identity, relationships.items);
  const drawn = relationships.items.filter((relationship) => graph.nodes.some((node) => node.id === counterpartOf(relationship)));
  return (
    <>
      <p>
        {identity.name} in the middle; an arrow goes from the identity that holds the relationship to the one it names. A neighbour the inventory holds links to its own graph.
      </p>
      {(graph.left > 0 || relationships.has_more) && (
        <p className="notice" role="status">
          Only {MAX_NEIGHBOURS} neighbours fit on the screen; the rest are not drawn. The identity's page lists every relationship.
        </p>
      )}
      <RelationshipGraph graph={graph} />
      <h2>Drawn relationships</h2>
      <ul className="graph-list">
        {drawn.map((relationship) => (
          <li key={relationship.id}>
            {relationship.direction === 'outgoing' ? `${identity.name} ${relationship.type} ${counterpartOf(relationship)}` : `${counterpartOf(relationship)} ${relationship.type} ${identity.name}`}
            {relationship.state === 'removed' && ' (removed)'}
          </li>
        ))}
      </ul>
    </>
  );
}
