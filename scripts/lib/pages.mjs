// The pages the performance reports measure (report:js, report:lighthouse), against a running server with the
// demo data: public pages, the buyer's (signed in as the demo buyer; the checkout with a fresh hold of one
// ticket) and the door's (the demo collaborator). Each page: { name, path, cookie?, goal } where `goal` is its
// Lighthouse performance goal (issue 31: 100 for public pages, 90 for the others).

/** Logs a demo account in through the edge and answers its cookies as one Cookie header. */
export async function sessionCookie(base, email) {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`login as ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function json(base, path, cookie) {
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()).data;
}

/** A demo event with an unnamed paid (or free) ticket type that has room. */
async function demoTicket(base, free = false) {
  for (const { id } of await json(base, '/api/v1/events?limit=50')) {
    const event = await json(base, `/api/v1/events/${id}`);
    const type = event.dates
      .flatMap((d) => d.ticket_types)
      .find((t) => !t.named && t.remaining >= 5 && (free ? t.price_cents === 0 : t.price_cents > 0));
    if (type) return { eventId: id, typeId: type.id };
  }
  throw new Error(`No demo event with a ${free ? 'free' : 'paid'} ticket type: seed the demo data`);
}

/** The demo event sold with numbered seats that has the most seats (the stadium): its page loads the seat map. */
async function seatedEvent(base) {
  let best = null;
  for (const { id } of await json(base, '/api/v1/events?limit=50')) {
    const res = await fetch(`${base}/api/v1/holds/seats?event_id=${id}`);
    if (!res.ok) continue;
    const seats = (await res.json()).data.reduce(
      (sum, date) => sum + date.map.sections.reduce((n, s) => n + (s.seats ?? 0), 0),
      0,
    );
    if (!best || seats > best.seats) best = { id, seats };
  }
  if (!best) throw new Error('No demo event sold with numbered seats: seed the demo data');
  return best.id;
}

/** The buyer has a valid ticket (so Mis tickets shows a QR): one free ticket is taken when there is none. */
async function ensureTicket(base, cookie) {
  const groups = await json(base, '/api/v1/tickets', cookie);
  if (groups.some((g) => g.tickets.some((t) => t.status === 'valid'))) return;
  const { eventId, typeId } = await demoTicket(base, true);
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { origin: base, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const hold = await post('/api/v1/holds', { event_id: eventId, items: [{ ticket_type_id: typeId, quantity: 1 }] });
  if (!hold.ok) throw new Error(`a free hold answered ${hold.status}`);
  const order = (await hold.json()).data.id;
  const buyer = { name: 'Ulises Usuario', email: 'usuario@demo.ar', dni: '30111222', phone: '1155556666' };
  const done = await post(`/api/v1/orders/${order}/checkout`, { buyer, accept_terms: true });
  if (!done.ok) throw new Error(`the free checkout answered ${done.status}`);
}

/** Holds one ticket as the ticket selector does (a POST to /checkout) and answers the checkout's path. */
async function checkoutPath(base, cookie, { eventId, typeId }) {
  const res = await fetch(`${base}/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ event: String(eventId), items: `${typeId}:1` }),
  });
  const to = res.headers.get('location');
  if (res.status !== 303 || !to) throw new Error(`POST /checkout answered ${res.status}, no hold`);
  return to;
}

/** The measured pages, optionally only those named in `only` (a Set). */
export async function measuredPages(base, only) {
  const buyer = await sessionCookie(base, 'usuario@demo.ar');
  const door = await sessionCookie(base, 'colaborador@demo.ar');
  const ticket = await demoTicket(base);
  await ensureTicket(base, buyer);
  const list = [
    { name: 'home', path: '/', goal: 100 },
    { name: 'eventos', path: '/eventos', goal: 100 },
    { name: 'productoras', path: '/productoras', goal: 100 },
    { name: 'legal', path: '/legal', goal: 100 },
    { name: 'evento', path: `/eventos/${ticket.eventId}`, goal: 90 },
    // A seated event's page carries the map's outline and loads the seat map island (issue 33).
    { name: 'evento-butacas', path: `/eventos/${await seatedEvent(base)}`, goal: 90 },
    { name: 'ingresar', path: '/ingresar', goal: 100 },
    { name: 'registrarme', path: '/registrarme', goal: 100 },
    { name: 'checkout', path: await checkoutPath(base, buyer, ticket), cookie: buyer, goal: 90 },
    // Mis tickets shows each valid ticket's QR on its card: it is the page of "a ticket's QR".
    { name: 'mis-tickets', path: '/mis-tickets', cookie: buyer, goal: 90 },
    { name: 'perfil', path: '/perfil', cookie: buyer, goal: 90 },
    { name: 'scanner', path: '/admin/access-control/full', cookie: door, goal: 90 },
  ];
  return list.filter((p) => !only || only.has(p.name));
}
