/* The service worker of push reminders (decision 1520), served from the site's root so its scope
   is the whole app. It only shows reminders and answers their clicks: no caching, no fetch handler.
   A reminder's payload (encrypted to this browser, RFC 8291) carries the title and body in the
   viewer's language, the page to open, a tag, its send id and the one-tap unsubscribe token. */
const API = '/api/v1/push';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      data: { url: data.url, sendId: data.sendId, unsubscribeToken: data.unsubscribeToken },
      actions: data.unsubscribeLabel
        ? [{ action: 'unsubscribe', title: data.unsubscribeLabel }]
        : [],
    }),
  );
});

const post = (path, body) =>
  fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);

async function openPage(url) {
  const target = new URL(url || '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if ('focus' in client && 'navigate' in client) {
      await client.focus();
      await client.navigate(target.href);
      return;
    }
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  if (event.action === 'unsubscribe') {
    event.waitUntil(
      Promise.all([
        post('/unsubscribe', { unsubscribeToken: data.unsubscribeToken }),
        self.registration.pushManager.getSubscription().then((s) => s && s.unsubscribe()),
      ]),
    );
    return;
  }
  event.waitUntil(Promise.all([post('/opened', { sendId: data.sendId }), openPage(data.url)]));
});
