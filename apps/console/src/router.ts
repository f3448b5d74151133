import { useEffect, useState } from 'preact/hooks';

// Pages are addressed by the URL's fragment (`#/messages/<number>/<id>`): the gateway serves one
// index.html at /console/, and a reload or a shared link opens the same page. A few lines over
// `hashchange` are all the routing the console needs, so no router library is added for it.

export function useRoute(): string[] {
  const read = () =>
    (location.hash.replace(/^#\/?/, '') || 'overview').split('/').filter(Boolean).map(decodeURIComponent);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const changed = () => setRoute(read());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}

export const href = (...parts: string[]) => `#/${parts.map(encodeURIComponent).join('/')}`;
