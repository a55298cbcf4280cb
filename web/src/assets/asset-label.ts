import type { components } from '../../../api/openapi';

type Asset = components['schemas']['Asset'];

/** How pages name an asset: an image by its reference, a named software asset by its name and version. */
export const assetLabel = (asset: Pick<Asset, 'kind' | 'reference' | 'name' | 'version'>): string =>
  asset.kind === 'software' && asset.name !== null ? (asset.version === null ? asset.name : `${asset.name} ${asset.version}`) : asset.reference;
