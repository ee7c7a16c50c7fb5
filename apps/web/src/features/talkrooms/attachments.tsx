/**
 * A message's attachments: images as thumbnails that open full size, other files as
 * download links. The signed URLs in a message live 5 minutes (decision 010), so a
 * download asks the files API for a fresh one at the moment of the click.
 */
import { type TFileView, fileRoutes } from '@logi/contract';
import { TALKROOM_TEXT } from '../../texts/talkroom';
import { FileText } from 'lucide-react';
import { api } from '../../lib/api';
import { PlainButton } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { toastError } from '../../lib/errors';

async function openFresh(fileId: string) {
  try {
    const file = await api.call(fileRoutes.get, { params: { id: fileId } });
    if (file.fileUrl) window.open(file.fileUrl, '_blank', 'noopener');
  } catch (error) {
    toastError(error);
  }
}

export function Attachments({ files, own }: { files: readonly TFileView[]; own: boolean }) {
  const images = files.filter((f) => f.kind === 'IMAGE' && f.fileUrl);
  const others = files.filter((f) => !images.includes(f));
  return (
    <div className={cn('flex flex-col gap-1.5', own ? 'items-end' : 'items-start')}>
      {images.length > 0 && (
        <ul className={cn('flex flex-wrap gap-1.5', own && 'justify-end')}>
          {images.map((file) => (
            <li key={file.id}>
              <a
                href={file.fileUrl!}
                target="_blank"
                rel="noreferrer"
                aria-label={TALKROOM_TEXT.openImage(file.fileName)}
                className="block overflow-hidden rounded-lg border bg-muted"
              >
                <img src={file.fileUrl!} alt={file.fileName} loading="lazy" className="size-28 object-cover sm:size-36" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {others.map((file) => (
        <PlainButton
          key={file.id}
          onClick={() => void openFresh(file.id)}
          aria-label={TALKROOM_TEXT.download(file.fileName)}
          className="flex max-w-full items-center gap-2 rounded-lg border bg-card px-3 py-2 text-left text-sm text-primary hover:bg-accent"
        >
          <FileText aria-hidden className="size-4 shrink-0" />
          <span className="min-w-0 truncate underline-offset-2 hover:underline">{file.fileName}</span>
        </PlainButton>
      ))}
    </div>
  );
}
