/**
 * Resolves in a new task of the event loop, so the page may draw a frame before what follows: a
 * message, not a timer (timers are clamped to 4 ms when nested and to a second in background
 * tabs). Works in the page, in workers and in Node.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
