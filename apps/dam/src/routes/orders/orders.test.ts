/**
 * The shopping cart and orders (issue 15; FotoWare's order API, fotoweb-api-notes §9; spec 02 §7; dam.yaml tag Orders):
 * the cart (count, order, add, cart-update), the order configuration, submission (fields, terms, an empty cart), the
 * approvers' lists and count, approval with a download that works for the orderer until it expires, rejection, the
 * mail to approvers and orderers, and every refusal (no Order permission, strangers, deciding twice, expired links).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderList } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor } from '../../testing/requests.ts';

const CART = '/fotoweb/me/cart';
const ORDERS = '/fotoweb/me/orders/';
const CONFIG = '/fotoweb/order-config';
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const ORDER_TYPE = 'application/vnd.fotoware.order+json';
const COUNT_TYPE = 'application/vnd.fotoware.count+json';

let dam: TestDam;
const { call } = requestsFor(() => dam);
let orderer: { id: number; token: string };
let approver: { id: number; token: string };
const assets: string[] = [];

const count = async (token = orderer.token) => (await call('GET', CART, undefined, token, COUNT_TYPE)).json().count as number;
const cart = async (token = orderer.token) => (await call('GET', CART, undefined, token, ORDER_TYPE)).json() as Order;
const mails = (purpose: string) => dam.ctx.database.db.selectFrom('mail_messages').selectAll().where('purpose', '=', purpose).orderBy('id').execute();

/** Puts `hrefs` in the orderer's cart and submits it with `body`; answers the submission's response. */
async function order(hrefs: string[], body: Record<string, unknown> = {}) {
  expect((await call('POST', CART, { data: hrefs.map((href) => ({ href })) }, orderer.token)).statusCode).toBe(204);
  return call('POST', ORDERS, body, orderer.token);
}

beforeAll(async () => {
  dam = await createTestDam();
  const db = dam.ctx.database.db;
  orderer = await dam.createUser('orderer');
  await db.updateTable('users').set({ email: 'orderer@example.com', full_name: 'Olive Orderer' }).where('id', '=', orderer.id).execute();
  // View, Preview and Order, but not Download: an approved order is how this user gets the files.
  await dam.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: orderer.id, permissions: ['View', 'Preview', 'Order'] });
  approver = await dam.createMemberWith('order-approver', ['approveOrders']);
  await db.updateTable('users').set({ email: 'approver@example.com' }).where('id', '=', approver.id).execute();
  for (const file of ['Canon_40D.jpg', 'Nikon_D70.jpg', 'Pentax_K10D.jpg']) {
    const status = await dam.upload(dam.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/small', file), { folder: 'orders' });
    expect(status.status).toBe('done');
    assets.push(status.result!.assetUrl);
  }
});
afterAll(async () => {
  await dam?.close();
});

describe('the cart (spec 02 §7)', () => {
  it('adds assets once each, in order, counts them, and replaces them with a cart-update', async () => {
    expect(await count()).toBe(0);
    const added = await call('POST', CART, { data: [{ href: assets[0] }, assets[1]] }, orderer.token);
    expect(added.statusCode, added.body).toBe(204);
    expect((await call('POST', CART, { data: [{ href: assets[1] }, { href: assets[2] }] }, orderer.token)).statusCode).toBe(204);
    expect(await count()).toBe(3);
    const res = await call('GET', CART, undefined, orderer.token, ORDER_TYPE);
    expect(res.headers['cache-control']).toBe('no-store');
    const full = res.json() as Order;
    expect(full).toMatchObject({ state: 'cart', orderReference: null, download: null, approve: null, owner: { username: 'orderer', address: { email: 'orderer@example.com' } } });
    expect(full.orderItems.map((item) => item.asset)).toEqual(assets);
    expect(full.orderItems[0]).toMatchObject({ filename: 'Canon_40D.jpg', rendition: { href: `${assets[0]}/__renditions/ORIGINAL`, download: null }, expired: false });
    expect(full.orderItems[0]!.thumbnail).toMatch(/^\/fotoweb\/cache\/previews\//);

    // A cart-update: the third first, the second removed, a comment.
    const update = { orderItems: [{ rendition: `${assets[2]}/__renditions/ORIGINAL` }, { rendition: assets[0] }], userComment: '  For the spring catalogue.  ' };
    const put = await call('PUT', CART, update, orderer.token);
    expect(put.statusCode, put.body).toBe(204);
    expect((await cart()).orderItems.map((item) => item.asset)).toEqual([assets[2], assets[0]]);
    expect((await cart()).userComment).toBe('For the spring catalogue.');
    expect((await call('PUT', CART, { orderItems: [] }, orderer.token)).statusCode).toBe(204);
    expect(await count()).toBe(0);
  });

  it('refuses what may not be ordered, and changes nothing', async () => {
    expect((await call('POST', CART, { data: [{ href: assets[0] }] }, orderer.token)).statusCode).toBe(204);
    const viewer = await dam.createUser('cart-viewer');
    const forbidden = await call('POST', CART, { data: [{ href: assets[1] }] }, viewer.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ value: 'Forbidden', message: expect.stringContaining('Order') });
    const unknown = await call('POST', CART, { data: [{ href: assets[1] }, { href: `${PHOTOS}orders/no-such-file.jpg.info` }] }, orderer.token);
    expect(unknown.statusCode).toBe(404);
    const invalid = await call('POST', CART, { data: [{ href: '/fotoweb/me/pins/' }] }, orderer.token);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ value: 'InvalidHref', issues: [{ path: 'data.0' }] });
    expect((await call('PUT', CART, { orderItems: [{ rendition: 'nonsense' }] }, orderer.token)).statusCode).toBe(400);
    expect((await call('GET', CART, undefined, '')).statusCode).toBe(401);
    expect((await cart()).orderItems.map((item) => item.asset)).toEqual([assets[0]]);
    expect((await call('PUT', CART, { orderItems: [] }, orderer.token)).statusCode).toBe(204);
  });
});

describe('orders', () => {
  it('submits the cart with the configuration’s fields and terms, and tells the approvers', async () => {
    const config = {
      fields: [{ id: 'project', label: 'Project', dataType: 'text', values: [], required: true, validation: null }],
      termsAndConditions: 'Use the files for the project named only.',
    };
    expect((await call('PUT', CONFIG, config, orderer.token)).statusCode).toBe(403);
    const saved = await call('PUT', CONFIG, config, dam.adminToken);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', CONFIG, undefined, orderer.token)).json()).toEqual(config);

    expect((await call('POST', ORDERS, {}, orderer.token)).json()).toMatchObject({ value: 'InvalidRequest', message: expect.stringContaining('empty') });
    const refused = await order([assets[0]!, assets[1]!], {});
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['acceptTerms', 'orderData']);
    expect(await count()).toBe(2);

    const submitted = await call('POST', ORDERS, { userComment: 'Spring catalogue', orderData: [{ id: 'project', value: 'Spring 2027' }], acceptTerms: true }, orderer.token);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const info = submitted.json();
    expect(info).toEqual({
      orderLocation: expect.stringMatching(/^\/fotoweb\/orders\/\d+$/),
      orderReference: expect.stringMatching(/^ORD-\d{6}$/),
      checkoutPageLocation: 'http://localhost:8080/fotoweb/views/orders',
    });
    expect(submitted.headers.location).toBe(info.orderLocation);
    expect(await count()).toBe(0);

    const mine = (await call('GET', ORDERS, undefined, orderer.token)).json() as OrderList;
    expect(mine.data[0]).toMatchObject({
      href: info.orderLocation,
      state: 'pending',
      userComment: 'Spring catalogue',
      orderData: [{ id: 'project', value: 'Spring 2027' }],
      approve: null,
      download: null,
    });
    const [mail] = (await mails('order-submitted')).filter((m) => m.to_address === 'approver@example.com');
    expect(mail!.subject).toBe(`Order ${info.orderReference} from Olive Orderer waits for approval`);
    expect(mail!.text_body).toContain('Olive Orderer ordered 2 files');
    expect(mail!.text_body).toContain('http://localhost:8080/fotoweb/views/orders/admin');
    expect((await call('PUT', CONFIG, { fields: [], termsAndConditions: null }, dam.adminToken)).statusCode).toBe(200);
  });

  it('lets approvers list, count, approve once; the orderer downloads the files until the order expires', async () => {
    const submitted = (await order([assets[1]!, assets[2]!], { userComment: 'Two for the web' })).json();
    const href = submitted.orderLocation as string;

    // The approvers' lists and count; refused to others.
    const pending = (await call('GET', '/fotoweb/orders/pending/', undefined, approver.token)).json() as OrderList;
    const listed = pending.data.find((o) => o.href === href)!;
    expect(listed).toMatchObject({ state: 'pending', approve: `${href}/approve`, reject: `${href}/reject`, owner: { fullName: 'Olive Orderer' } });
    expect((await call('GET', '/fotoweb/orders/pending/', undefined, approver.token, COUNT_TYPE)).json().count).toBe(pending.data.length);
    expect((await call('GET', '/fotoweb/orders/pending/', undefined, orderer.token)).statusCode).toBe(403);
    expect((await call('GET', '/fotoweb/orders/everything/', undefined, approver.token)).statusCode).toBe(400);
    const stranger = await dam.createUser('order-stranger');
    expect((await call('GET', href, undefined, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', href, undefined, orderer.token)).json().approve).toBeNull();

    // Not yet approved: no download. An expiry in the past is refused.
    expect((await call('GET', `${href}/download`, undefined, orderer.token)).json()).toMatchObject({ value: 'OrderNotApproved' });
    expect((await call('POST', `${href}/approve`, { expires: '2020-01-01T00:00:00Z' }, approver.token)).statusCode).toBe(400);
    expect((await call('POST', `${href}/approve`, {}, orderer.token)).statusCode).toBe(403);

    const approved = await call(
      'POST',
      `${href}/approve`,
      { adminComment: 'Enjoy', orderItems: [{ rendition: `${assets[1]}/__renditions/ORIGINAL`, adminComment: 'Credit the photographer' }] },
      approver.token,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', adminComment: 'Enjoy', approve: null, download: null });
    expect(approved.json().orderItems[0].adminComment).toBe('Credit the photographer');
    const again = await call('POST', `${href}/approve`, {}, approver.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ value: 'OrderNotPending' });

    // The orderer: mailed, and the download works for them (not for the approver).
    const mine = (await call('GET', href, undefined, orderer.token)).json() as Order;
    expect(mine.download).toBe(`${href}/download`);
    expect(Date.parse(mine.expires!) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    const decided = (await mails('order-decided')).find((m) => m.to_address === 'orderer@example.com')!;
    expect(decided.subject).toBe(`Your order ${submitted.orderReference} was approved`);
    expect(decided.text_body).toContain(`http://localhost:8080${href}/download`);
    expect(decided.text_body).toContain('Comment: Enjoy');
    const zip = await dam.app.inject({ method: 'GET', url: `${href}/download`, headers: bearer(orderer.token) });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(`${submitted.orderReference}.zip`);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(Buffer.from('Nikon_D70.jpg'))).toBe(true);
    expect((await call('GET', `${href}/download`, undefined, approver.token)).statusCode).toBe(404);

    // Once expired: 410, and no download link.
    const id = Number(href.split('/').pop());
    await dam.ctx.database.db
      .updateTable('orders')
      .set({ expires: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await call('GET', `${href}/download`, undefined, orderer.token)).json()).toMatchObject({ value: 'OrderExpired' });
    expect((await call('GET', href, undefined, orderer.token)).json()).toMatchObject({ download: null, orderItems: [{ expired: true }, { expired: true }] });
  });

  it('approves with expires null as a download that never expires (FotoWare orderupdate)', async () => {
    const href = (await order([assets[0]!])).json().orderLocation as string;
    const approved = await call('POST', `${href}/approve`, { expires: null }, approver.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', expires: null });
    const mine = (await call('GET', href, undefined, orderer.token)).json();
    expect(mine).toMatchObject({ expires: null, download: `${href}/download`, orderItems: [{ expired: false }] });
    const mail = (await mails('order-decided')).filter((m) => m.to_address === 'orderer@example.com').at(-1)!;
    expect(mail.text_body).toContain(`${href}/download`);
    expect(mail.text_body).not.toContain('The link works until');
    expect((await dam.app.inject({ method: 'GET', url: `${href}/download`, headers: bearer(orderer.token) })).statusCode).toBe(200);
  });

  it('rejects an order, tells the orderer, and offers no download', async () => {
    const href = (await order([assets[0]!])).json().orderLocation as string;
    const rejected = await call('POST', `${href}/reject`, { adminComment: 'Not for this project' }, approver.token);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'rejected', adminComment: 'Not for this project' });
    expect((await call('POST', `${href}/approve`, {}, approver.token)).json()).toMatchObject({ value: 'OrderNotPending' });
    expect((await call('GET', `${href}/download`, undefined, orderer.token)).json()).toMatchObject({ value: 'OrderNotApproved' });
    const mail = (await mails('order-decided')).filter((m) => m.to_address === 'orderer@example.com').at(-1)!;
    expect(mail.text_body).toContain('was rejected');
    expect(((await call('GET', '/fotoweb/orders/rejected/', undefined, approver.token)).json() as OrderList).data[0]!.href).toBe(href);
    expect((await call('POST', '/fotoweb/orders/999999/reject', {}, approver.token)).statusCode).toBe(404);
  });

  it('offers the order links in the descriptor, the approvers’ lists only to approvers', async () => {
    const descriptor = async (token: string) => (await call('GET', '/fotoweb/me/', undefined, token, 'application/vnd.fotoware.full-api-descriptor+json')).json();
    expect((await descriptor(orderer.token)).order).toEqual({
      cart: CART,
      config: CONFIG,
      history: ORDERS,
      admin: null,
      views: { cart: '/fotoweb/views/cart', history: '/fotoweb/views/orders', termsAndConditions: null },
    });
    expect((await descriptor(approver.token)).order.admin).toEqual({
      pending: '/fotoweb/orders/pending/',
      approved: '/fotoweb/orders/approved/',
      rejected: '/fotoweb/orders/rejected/',
      history: null,
      views: { pending: '/fotoweb/views/orders/admin' },
    });
  });
});
