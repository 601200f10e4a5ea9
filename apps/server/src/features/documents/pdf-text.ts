import { extractText, getDocumentProxy } from 'unpdf';
import { type Form16aReading, readForm16aFields } from './form16a-fields.ts';

// A Form 16A runs to a page or two; a longer PDF is some other document.
const MAX_PAGES = 20;

const isPdf = (bytes: Uint8Array): boolean => Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');

// The text of a PDF through pdf.js (unpdf), or why it cannot be read.
export const pdfText = async (bytes: Uint8Array): Promise<{ text: string } | { reason: string }> => {
  if (!isPdf(bytes)) return { reason: 'not a PDF file (no %PDF header)' };
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      if (pdf.numPages > MAX_PAGES)
        return { reason: `the PDF has ${pdf.numPages} pages; a Form 16A has a few` };
      const { text } = await extractText(pdf, { mergePages: true });
      if (text.trim() === '') return { reason: 'the PDF holds no text (a scanned image cannot be read)' };
      return { text };
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { reason: `the PDF cannot be read (${detail})` };
  }
};

// PDF bytes -> the certificate's fields, or the reason they cannot be had.
export const readForm16aPdf = async (bytes: Uint8Array): Promise<Form16aReading> => {
  const read = await pdfText(bytes);
  if ('reason' in read) return { ok: false, reason: read.reason };
  return readForm16aFields(read.text);
};
