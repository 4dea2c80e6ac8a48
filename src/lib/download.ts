/**
 * Saves what `href` points at under `fileName`: a temporary <a download> clicked and removed.
 * For object URLs of files fetched through the authenticated client, and for one-time download
 * tickets; never for a URL carrying a session token.
 */
export function clickDownload(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
