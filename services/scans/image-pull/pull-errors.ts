// Why an image pull failed. The message becomes a scan's failure reason, read by
// anyone with scans:read: it names the registry, the repository and the rule that
// refused, never a credential or a token.

export type ImagePullFailure =
  /** The registry refused the organization's login, or it has none and the image is private. */
  | 'authentication'
  /** The repository, tag, digest or platform does not exist there. */
  | 'not_found'
  /** The egress policy refused a destination (the registry, a token server or a redirect). */
  | 'egress_refused'
  /** Content that does not match its digest or its declared size, or a manifest that contradicts itself. */
  | 'integrity'
  /** A size, count or time limit was reached. */
  | 'limit'
  /** A media type, compression or manifest schema this reader does not handle. */
  | 'unsupported'
  /** A layer whose entries would leave the image's file system (traversal, links outside). */
  | 'unsafe_layer'
  /** The registry answered something unexpected or the connection failed. */
  | 'registry_error';

export class ImagePullError extends Error {
  constructor(
    readonly failure: ImagePullFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ImagePullError';
  }
}
