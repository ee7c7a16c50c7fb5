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
const LABEL_WIDTH = 170;
/** Noto Sans JP's own line height is generous: rows sit a little closer, so a document fits one page. */
const ROW_LINE_GAP = -2;

/** `createdAt`: the document's own date (its issue), so the same content always makes the same bytes. */
export async function renderPdf(printed: PrintedDocument, createdAt: Date): Promise<Buffer> {
  const [{ regular, bold }, Document] = await Promise.all([loadFonts(), loadPdfkit()]);
  const doc = new Document({
    size: 'A4',
    margin: MARGIN,
    info: { Title: printed.title, Producer: '物流マーケット', CreationDate: createdAt, ModDate: createdAt },
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
  const bottom = () => doc.page.height - MARGIN;
  // A row (or a heading with its first row) that would not fit starts the next page, whole.
  const keep = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  for (const section of printed.sections) {
    doc.moveDown(0.6).font('bold').fontSize(12);
    keep(doc.heightOfString(section.heading) + 40);
    // At the margin: the last row's value left the cursor in the value column.
    doc.fillColor('#000000').text(section.heading, MARGIN, doc.y, { width });
    const top = doc.y + 2;
    doc
      .moveTo(MARGIN, top)
      .lineTo(MARGIN + width, top)
      .lineWidth(0.5)
      .stroke('#888888');
    doc.moveDown(0.3);
    for (const [label, value] of section.rows) {
      doc.font('regular').fontSize(9.5);
      const labelBox = { width: LABEL_WIDTH, lineGap: ROW_LINE_GAP };
      const valueBox = { width: width - LABEL_WIDTH, lineGap: ROW_LINE_GAP };
      keep(Math.max(doc.heightOfString(label, labelBox), doc.heightOfString(value || '—', valueBox)));
      const y = doc.y;
      doc.fillColor('#555555').text(label, MARGIN, y, labelBox);
      const labelBottom = doc.y;
      doc.fillColor('#000000').text(value || '—', MARGIN + LABEL_WIDTH, y, valueBox);
      doc.y = Math.max(doc.y, labelBottom) + 1;
    }
  }
  doc.font('regular').fontSize(9);
  keep(doc.heightOfString(printed.note, { width }) + 20);
  doc.moveDown(1).fillColor('#555555').text(printed.note, MARGIN, doc.y, { width });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
