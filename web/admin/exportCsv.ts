import { adminRequest } from './adminApi.js';

export async function downloadEnrollmentsCsv(filter: {
  q?: string;
  status?: string;
  workshopId?: string;
}): Promise<void> {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.workshopId) params.set('workshopId', filter.workshopId);
  if (filter.status && filter.status !== 'all') params.set('status', filter.status);
  const qs = params.toString();
  await downloadCsv(`/api/admin/enrollments/export.csv${qs ? `?${qs}` : ''}`, 'enrollments.csv');
}

/**
 * An admin CSV needs the Admin-Key header, so it cannot be a plain link: the file is fetched, then
 * handed to the browser as a download under the name the server gave it.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const res = await adminRequest('GET', path);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has handed the file to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
