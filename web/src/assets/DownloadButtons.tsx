import { useMutation } from '@tanstack/react-query';
import { ErrorMessage } from '../components/ErrorMessage';
import { fileNameOf, saveFile } from '../components/save-file';

/** A format a document of the asset downloads in: the button's words, the file's suffix and media type. */
export interface DownloadFormat {
  label: string;
  suffix: string;
  type: string;
}

/**
 * One button per format, each saving the document the API answers for it as a file named
 * after the asset, byte for byte; a refusal shows in the API's words.
 */
export function DownloadButtons<Format extends string>(props: { reference: string; formats: Record<Format, DownloadFormat>; fetchText: (format: Format) => Promise<string> }) {
  const download = useMutation({
    mutationFn: async (format: Format) => {
      const text = await props.fetchText(format);
      const chosen = props.formats[format];
      saveFile(text, fileNameOf(props.reference, chosen.suffix), chosen.type);
    },
  });
  return (
    <>
      <div className="actions">
        {(Object.keys(props.formats) as Format[]).map((format) => (
          <button key={format} type="button" className="secondary" disabled={download.isPending} onClick={() => download.mutate(format)}>
            Download {props.formats[format].label}
          </button>
        ))}
      </div>
      {download.isError && <ErrorMessage error={download.error} />}
    </>
  );
}
