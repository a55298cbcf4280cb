// The neighbourhood of one identity drawn with React Flow (@xyflow/react): the identity in
// the middle, the identities and provider objects it has relationships with around it.
// Bounded to what fits on a screen; the identity's page lists every relationship. React
// Flow positions and sizes its elements through element.style (CSSOM), which the
// dashboard's Content-Security-Policy allows; its stylesheet is a file of this chunk.
import { Background, Controls, Handle, MarkerType, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Link } from '@tanstack/react-router';
import type { components } from '../../../api/openapi';
import { counterpartOf, type Relationship } from './relationships';
import { words } from './labels';

type Identity = components['schemas']['Identity'];

/** At most this many neighbours are drawn: more would not be readable on a phone. */
export const MAX_NEIGHBOURS = 24;

interface IdentityNodeData extends Record<string, unknown> {
  label: string;
  detail: string;
  identityId: string | null;
  centre: boolean;
}
type IdentityNode = Node<IdentityNodeData, 'identity'>;

/** The last part of a provider's identifier: `arn:…:role/deploy` reads "deploy", `server#tool:lookup` "tool:lookup". */
export const shortName = (externalId: string): string => externalId.split(/[#/]/).filter(Boolean).pop() ?? externalId;

function IdentityNodeView({ data }: NodeProps<IdentityNode>) {
  return (
    <div className={data.centre ? 'graph-node graph-centre' : 'graph-node'}>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      {data.identityId !== null && !data.centre ? (
        <Link to="/nhi/identities/$identityId/graph" params={{ identityId: data.identityId }} aria-label={`${data.label}, ${data.detail}: its graph`}>
          {data.label}
        </Link>
      ) : (
        <strong>{data.label}</strong>
      )}
      {/* A neighbour's full identifier is in its link's name: drawn, twenty of them would hide the graph. */}
      {data.centre && <span className="graph-detail">{data.detail}</span>}
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

const nodeTypes = { identity: IdentityNodeView };

export interface Neighbourhood {
  nodes: IdentityNode[];
  edges: Edge[];
  /** Distinct neighbours not drawn. */
  left: number;
}

/** The identity and up to MAX_NEIGHBOURS neighbours around it, one edge per relationship. */
export function neighbourhood(identity: Identity, relationships: readonly Relationship[]): Neighbourhood {
  const neighbours = [...new Set(relationships.map(counterpartOf))].filter((externalId) => externalId !== identity.externalId);
  const drawn = neighbours.slice(0, MAX_NEIGHBOURS);
  // An ellipse wider than tall: nodes are wide and short, and so are screens.
  const radiusX = Math.max(260, drawn.length * 30);
  const radiusY = Math.max(160, drawn.length * 12);
  const nodes: IdentityNode[] = [
    { id: identity.externalId, type: 'identity', position: { x: -90, y: -24 }, data: { label: identity.name, detail: words(identity.kind), identityId: identity.id, centre: true } },
    ...drawn.map((externalId, index): IdentityNode => {
      const angle = (2 * Math.PI * index) / drawn.length - Math.PI / 2;
      const relationship = relationships.find((candidate) => counterpartOf(candidate) === externalId);
      return {
        id: externalId,
        type: 'identity',
        position: { x: Math.round(radiusX * Math.cos(angle)) - 90, y: Math.round(radiusY * Math.sin(angle)) - 24 },
        data: { label: shortName(externalId), detail: externalId, identityId: relationship?.counterpartIdentityId ?? null, centre: false },
      };
    }),
  ];
  const edges: Edge[] = relationships
    .filter((relationship) => drawn.includes(counterpartOf(relationship)))
    .map((relationship) => ({
      id: relationship.id,
      source: relationship.direction === 'outgoing' ? identity.externalId : relationship.fromExternalId,
      target: relationship.direction === 'outgoing' ? relationship.toExternalId : identity.externalId,
      label: relationship.state === 'removed' ? `${relationship.type} (removed)` : relationship.type,
      type: 'straight',
      markerEnd: { type: MarkerType.ArrowClosed },
      className: relationship.state === 'removed' ? 'graph-edge-removed' : undefined,
    }));
  return { nodes, edges, left: neighbours.length - drawn.length };
}

export default function RelationshipGraph({ graph }: { graph: Neighbourhood }) {
  return (
    <div className="graph">
      <ReactFlow
        nodes={graph.nodes}
        edges={graph.edges}
        nodeTypes={nodeTypes}
        fitView
        minZoom={0.2}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        aria-label="Relationship graph"
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
