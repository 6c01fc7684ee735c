/** The path of a URL as the router sees it, without the query: `/%61pi/x?y` is `/api/x`. */
export function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
