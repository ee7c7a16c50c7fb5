/** Saves what the app made or fetched (a CSV, a PDF) as a file the browser downloads. */
export function saveFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A CSV text (the contract's toCsv) as a file. */
export const downloadCsv = (fileName: string, csv: string) =>
  saveFile(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
