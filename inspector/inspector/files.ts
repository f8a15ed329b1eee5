/** Reading an imported file and downloading an export (a Blob URL: no network). */

/** The file's text. */
export function importFile(file: Blob): Promise<string> {
  return file.text();
}

/** Saves NDJSON as a download. */
export function downloadNdjson(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
