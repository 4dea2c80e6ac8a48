import { FileInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { apiRequest } from '../../api/client';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';

/** What the file picker offers for a voucher of pdf, jpg or png. */
export const PDF_OR_IMAGE = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** A side's voucher: where it is uploaded, what is accepted, and its texts. */
export interface VoucherRules {
  /** The upload call (multipart `file`), answering {attachId, fileName}. */
  url: string;
  /** The extensions the server accepts, lower case without the dot. */
  extensions: readonly string[];
  maxBytes: number;
  /** The file picker's `accept`. */
  accept: string;
  texts: {
    fileType: MessageKey;
    fileSize: MessageKey;
    uploading: MessageKey;
    uploaded: MessageKey;
  };
}

export interface Voucher {
  attachId: string;
  fileName: string;
}

/**
 * A voucher field's state: a chosen file is checked by type and size here (`problem`), then
 * uploaded at once; a refused upload goes to `onRefused` and the choice is dropped.
 */
export function useVoucher(rules: VoucherRules | undefined, onRefused: (error: unknown) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [attach, setAttach] = useState<Voucher>();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<MessageKey>();
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setAttach(undefined);
    setProblem(undefined);
    if (!chosen || !rules) return;
    const extension = chosen.name.slice(chosen.name.lastIndexOf('.') + 1).toLowerCase();
    if (!rules.extensions.includes(extension)) return setProblem(rules.texts.fileType);
    if (chosen.size > rules.maxBytes) return setProblem(rules.texts.fileSize);
    const form = new FormData();
    form.append('file', chosen, chosen.name);
    setUploading(true);
    try {
      setAttach(
        await apiRequest<Voucher>({
          url: rules.url,
          method: 'POST',
          body: form,
          silent: true,
          timeoutMs: 120_000,
        }),
      );
    } catch (error) {
      onRefused(error);
      setFile(null);
    } finally {
      setUploading(false);
    }
  };
  return { file, attach, uploading, problem, choose };
}

/** The voucher's file picker: says while it uploads and what was uploaded. */
export function VoucherInput({
  label,
  required,
  rules,
  voucher,
  error,
  onChoose,
}: {
  label: string;
  required?: boolean;
  rules: VoucherRules;
  voucher: ReturnType<typeof useVoucher>;
  error: ReactNode;
  /** Called as a file is chosen or cleared, before it is checked. */
  onChoose?(): void;
}) {
  const t = useT();
  return (
    <FileInput
      label={label}
      required={required}
      accept={rules.accept}
      clearable
      value={voucher.file}
      onChange={(f) => {
        onChoose?.();
        void voucher.choose(f);
      }}
      error={error}
      description={
        voucher.uploading
          ? t(rules.texts.uploading)
          : voucher.attach
            ? t(rules.texts.uploaded, { name: voucher.attach.fileName })
            : undefined
      }
    />
  );
}
