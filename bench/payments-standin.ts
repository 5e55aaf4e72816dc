/**
 * The Toss stand-in of the payments benchmark in a process of its own, as the real provider is
 * elsewhere in production: its HTTP server does not share the app's event loop. The parent sends
 * the orders to approve (the widget step) and reads this process's CPU time; it answers the
 * stand-in's address first.
 */
import {
  createFakeProviders,
  SANDBOX_KEYS,
} from '../apps/server/src/modules/payments/sandbox/fake-providers';

type Message =
  | { type: 'authorize'; id: number; orders: { orderId: string; amount: number }[] }
  | { type: 'cpu'; id: number };

const send = (message: object) => process.send?.(message);
const fake = createFakeProviders(SANDBOX_KEYS);
send({ type: 'ready', url: await fake.url() });

process.on('message', (m: Message) => {
  if (m.type === 'authorize') {
    const keys = m.orders.map((o) =>
      fake.toss.authorize({
        orderId: o.orderId,
        amount: o.amount,
        orderName: 'bench',
        outcome: 'approve',
      }),
    );
    send({ type: 'answer', id: m.id, keys });
  } else if (m.type === 'cpu') {
    const cpu = process.cpuUsage();
    send({ type: 'answer', id: m.id, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
});
// the parent went away: so does the stand-in
process.on('disconnect', () => void fake.close().finally(() => process.exit(0)));
