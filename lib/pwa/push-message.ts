// The one shape of a push message, from lib/push (server) to the service worker (browser): already in the
// user's language, carrying the task's title and the page that opens it.
export type PushMessage = {
  /** Which event: decides nothing in the browser, kept for the tag and for tests. */
  event: string;
  title: string;
  body: string;
  /** Same-origin path the notification opens, e.g. /transcribe?task=<id>. */
  url: string;
  /** Notifications with the same tag replace each other (one per task and event). */
  tag: string;
};

export function notificationOf(message: PushMessage): { title: string; options: NotificationOptions } {
  return {
    title: message.title,
    options: { body: message.body, tag: message.tag, data: { url: message.url }, icon: "/icons/icon-192.png", badge: "/icons/icon-96.png" },
  };
}
