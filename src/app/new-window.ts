/**
 * Spec section 2: a query parameter `target` opens the page in a new window. Returns the URL to
 * open (the same page without `target`), or undefined when the location has no target.
 */
export function newWindowUrl(pathname: string, search: string): string | undefined {
  const params = new URLSearchParams(search);
  if (!params.has('target')) return undefined;
  params.delete('target');
  const rest = params.toString();
  return pathname + (rest ? `?${rest}` : '');
}
