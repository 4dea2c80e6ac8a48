import { safeLogoUrl } from '../../state/shell-style';

const MARK = 'data-personalised';

/**
 * The favicon (spec section 9: it comes from the stored personalisation's small-window logo):
 * a `<link rel="icon">` of ours pointing at the logo, removed again when there is none (the
 * browser's default icon returns). Only addresses `safeLogoUrl` accepts are ever used.
 */
export function applyFavicon(url: string, doc: Document = document): void {
  const href = safeLogoUrl(url);
  let link = doc.head.querySelector<HTMLLinkElement>(`link[rel="icon"][${MARK}]`);
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    link.setAttribute(MARK, '');
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
