/** A page of a cursor-paged list, as the gateway (and Graph) answers it. */
export interface Page<T> {
  data?: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

/**
 * Every item of a cursor-paged list, page after page: `page(after)` reads one page (after the cursor,
 * or the first when undefined); the iteration ends where a page names no next one.
 *
 *     for await (const contact of paginate((after) => client.GET('/v1/contacts', { params: { query: { after } } })))
 */
export async function* paginate<T>(
  page: (after: string | undefined) => Promise<{ data?: Page<T> } | Page<T>>,
): AsyncGenerator<T, void, undefined> {
  let after: string | undefined;
  for (;;) {
    const answer = await page(after);
    const body: Page<T> | undefined =
      'paging' in answer || Array.isArray((answer as Page<T>).data)
        ? (answer as Page<T>)
        : (answer as { data?: Page<T> }).data;
    for (const item of body?.data ?? []) yield item;
    const next = body?.paging?.next ? body.paging.cursors?.after : undefined;
    if (!next || next === after) return;
    after = next;
  }
}
