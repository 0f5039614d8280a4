// The CSV import and export calls (docs/api.md "Import and export"): the file goes as it is (text/csv), never
// read into the page; the export comes back as a file to save.
import type { ImportJob, ImportJobAnswer, ImportPreview, ImportPreviewAnswer } from '@/lib/contract/imports';
import { request, saveCsv } from './client';

const named = (file: File) => `?name=${encodeURIComponent(file.name.slice(0, 200))}`;
const csvOf = (file: File) => ({ data: file, type: 'text/csv' });

export async function previewImport(file: File): Promise<ImportPreview> {
  const answer = await request<ImportPreviewAnswer>(`/imports/preview${named(file)}`, {
    method: 'POST',
    raw: csvOf(file),
  });
  return answer.data;
}

export async function startImport(file: File): Promise<ImportJob> {
  const answer = await request<ImportJobAnswer>(`/imports${named(file)}`, {
    method: 'POST',
    raw: csvOf(file),
  });
  return answer.data;
}

export async function readImport(id: string, signal?: AbortSignal): Promise<ImportJob> {
  return (await request<ImportJobAnswer>(`/imports/${encodeURIComponent(id)}`, { signal })).data;
}

/** GET /products/export.csv, saved as freshcart-products-<date>.csv. */
export function saveExport(): Promise<void> {
  return saveCsv('/products/export.csv', 'freshcart-products');
}
