// The drill's calls to the running instance's API (scripts/drill-restore.mjs): signed in by a token cookie,
// answered as { status, json, text }; `pay` completes an order through the MercadoPago sandbox.

/** The API of the instance at `base`. DRILL_DEBUG=1 prints each call. */
export function drillApi(base) {
  async function api(path, { token, method = 'GET', body } = {}) {
    if (process.env.DRILL_DEBUG) console.error(`  ${method} ${path}`);
    const headers = { origin: base };
    if (token) headers.cookie = `auth-token=${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, text };
  }

  async function ok(path, options, statuses = [200, 201]) {
    const res = await api(path, options);
    if (!statuses.includes(res.status))
      throw new Error(`${options?.method ?? 'GET'} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.json;
  }

  async function eventually(check, what, ms = 15_000) {
    const until = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function buy(token, eventId, typeId, quantity) {
    const hold = await ok('/api/v1/holds', {
      token,
      method: 'POST',
      body: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity }] },
    });
    return pay(token, hold.data.id);
  }

  async function pay(token, orderId) {
    const checkout = await ok(`/api/v1/orders/${orderId}/checkout`, {
      token,
      method: 'POST',
      body: {
        buyer: {
          name: 'Persona Simulacro',
          email: `simulacro-${orderId.slice(0, 8)}@prueba.local`,
          dni: '30123456',
          phone: '1155550000',
        },
        accept_terms: true,
      },
    });
    const redirect = new URL(checkout.data.redirect);
    const res = await fetch(`${base}${redirect.pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approved',
      redirect: 'manual',
    });
    if (res.status !== 302) throw new Error(`sandbox pay answered ${res.status}`);
    await eventually(
      async () => (await api(`/api/v1/orders/${orderId}`, { token })).json?.data?.status === 'paid',
      `order ${orderId} paid`,
    );
    return orderId;
  }

  return { api, ok, eventually, buy, pay };
}
