/**
 * V8's explicit compile hint for the chunk that carries the data table (mantine-react-table,
 * TanStack Table and Virtual, the resource engine): `//# allFunctionsCalledOnLoad` on a
 * script's first line makes Chromium compile all its functions while the script streams in,
 * on a background thread, instead of one by one on the main thread the first time each is
 * called. A list screen's first table mount called some 1,300 functions for the first time and
 * spent 45–70 ms of its main thread compiling them (`npm run bench -- --table`).
 *
 * Used as Rolldown's `output.postBanner` (added after minification, which drops comments).
 * Other chunks stay lazily compiled: most of their functions never run in a session.
 */
export function compileHintBanner(chunk: { moduleIds: readonly string[] }): string {
  const table = chunk.moduleIds.some((id) =>
    id.replaceAll('\\', '/').includes('/node_modules/mantine-react-table/'),
  );
  return table ? '//# allFunctionsCalledOnLoad' : '';
}
