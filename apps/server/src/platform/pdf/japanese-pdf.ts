/**
 * A printed document in Japanese as a PDF (decision 067): A4, Noto Sans JP embedded (only the
 * glyphs used: a few kilobytes), a title, sections of label/value rows and a closing note.
 * The font comes from its npm package, so a fresh clone needs nothing installed beside npm's.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

export interface PrintedDocument {
  title: string;
  subtitle: string;
  sections: { heading: string; rows: [label: string, value: string][] }[];
  note: string;
}

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
};

/** Read once per process, on the first document, as pdfkit is loaded (not at every start, decision 060). */
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadPdfkit = async (): Promise<typeof PDFDocument> => (await import('pdfkit')).default;
const loadFonts = () =>
  (fonts ??= Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
  ));

const MARGIN = 50;
const LABEL_WIDTH = 110;

export async function renderPdf(printed: PrintedDocument): Promise<Buffer> {
  const [{ regular, bold }, Document] = await Promise.all([loadFonts(), loadPdfkit()]);
  // A fixed creation date: the same content always makes the same bytes.
  const doc = new Document({
    size: 'A4',
    margin: MARGIN,
    info: { Title: printed.title, Producer: '物流マーケット', CreationDate: new Date(0) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const width = doc.page.width - MARGIN * 2;

  doc.font('bold').fontSize(20).text(printed.title, { align: 'center' });
  doc.moveDown(0.3).font('regular').fontSize(10).text(printed.subtitle, { align: 'right' });
  for (const section of printed.sections) {
    doc.moveDown(0.8).font('bold').fontSize(12).text(section.heading);
    const top = doc.y + 2;
    doc
      .moveTo(MARGIN, top)
      .lineTo(MARGIN + width, top)
      .lineWidth(0.5)
      .stroke('#888888');
    doc.moveDown(0.3);
    for (const [label, value] of section.rows) {
      const y = doc.y;
      doc.font('regular').fontSize(10).fillColor('#555555').text(label, MARGIN, y, { width: LABEL_WIDTH });
      const labelBottom = doc.y;
      doc.fillColor('#000000').text(value || '—', MARGIN + LABEL_WIDTH, y, { width: width - LABEL_WIDTH });
      doc.y = Math.max(doc.y, labelBottom) + 2;
    }
  }
  doc.moveDown(1.2).font('regular').fontSize(9).fillColor('#555555').text(printed.note, MARGIN, doc.y, { width });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
