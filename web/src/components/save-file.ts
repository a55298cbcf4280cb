/**
 * Hands the text to the browser as a file download, byte for byte as the service wrote it.
 * The object URL is revoked a minute later: revoking it at once may cancel the download.
 */
export function saveFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name from an asset's reference: what a file system takes of it, the rest as dashes. */
export const fileNameOf = (reference: string, suffix: string): string => `${reference.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '')}${suffix}`;
