import { describe, expect, it } from 'vitest';
import type { Asset, Order, OrderConfig } from '@magpie/api-types';
import {
  cartLinkLabel,
  downloadText,
  endOfDay,
  formatOrderDay,
  formatOrderTime,
  itemCountText,
  mayOrderAll,
  orderAnswers,
  ordererName,
  orderStatePalette,
  orderStateText,
  todayOnCalendar,
} from './orders.ts';

const asset = (permissions: Asset['permissions']) => ({ permissions });

const OWNER: Order['owner'] = { username: 'erin', fullName: 'Erin Editor', address: { email: 'erin@example.com', firstName: 'Erin', lastName: 'Editor' } };

describe('orders room rules', () => {
  it('names the states in words, each with its colour', () => {
    expect(orderStateText('pending')).toBe('Waiting for approval');
    expect(orderStateText('approved')).toBe('Approved');
    expect(orderStateText('rejected')).toBe('Rejected');
    expect(orderStateText('cart')).toBe('In the cart');
    expect(orderStatePalette('pending')).toBe('orange');
    expect(orderStatePalette('approved')).toBe('green');
    expect(orderStatePalette('rejected')).toBe('red');
  });

  it('counts items and labels the header cart item (spec 02 §2 cart badge)', () => {
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(3)).toBe('3 items');
    expect(cartLinkLabel(undefined)).toBe('Cart');
    expect(cartLinkLabel(0)).toBe('Cart, empty');
    expect(cartLinkLabel(3)).toBe('Cart, 3 items');
  });

  it('offers Add to cart only when every asset carries the Order permission (spec 03 §3.11)', () => {
    expect(mayOrderAll([asset(['View', 'Order']), asset(['Order'])])).toBe(true);
    expect(mayOrderAll([asset(['View', 'Order']), asset(['View', 'Download'])])).toBe(false);
    expect(mayOrderAll([])).toBe(false);
    expect(mayOrderAll([{ permissions: undefined as unknown as Asset['permissions'] }])).toBe(false);
  });

  it('names the orderer by full name, names or user name', () => {
    expect(ordererName(OWNER)).toBe('Erin Editor');
    expect(ordererName({ ...OWNER, fullName: ' ' })).toBe('Erin Editor');
    expect(ordererName({ ...OWNER, fullName: '', address: { email: '', firstName: '', lastName: '' } })).toBe('erin');
  });

  it('formats times and days on the viewer clock, and the end of a calendar day', () => {
    const local = new Date(2026, 2, 5, 14, 7);
    expect(formatOrderTime(local.toISOString())).toBe('05 Mar 2026, 14:07');
    expect(formatOrderDay(local.toISOString())).toBe('05 Mar 2026');
    expect(formatOrderTime('soon')).toBe('soon');
    expect(todayOnCalendar(local)).toBe('2026-03-05');
    const end = new Date(endOfDay('2026-03-31'));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([2026, 2, 31, 23, 59, 59]);
    expect(formatOrderDay(endOfDay('2026-03-31'))).toBe('31 Mar 2026');
  });

  it('labels the answers from the configuration; checkboxes read Yes or No; empty answers are left out', () => {
    const config: OrderConfig = {
      fields: [
        { id: 'project', label: 'Project code', dataType: 'text', values: [], required: true, validation: null },
        { id: 'credit', label: 'Credit the photographer', dataType: 'checkbox', values: [], required: false, validation: null },
      ],
      termsAndConditions: null,
    };
    const order = {
      orderData: [
        { id: 'project', value: 'AB-123' },
        { id: 'credit', value: 'true' },
        { id: 'gone', value: 'kept as its id' },
        { id: 'empty', value: ' ' },
      ],
    };
    expect(orderAnswers(order, config)).toEqual([
      { id: 'project', label: 'Project code', value: 'AB-123' },
      { id: 'credit', label: 'Credit the photographer', value: 'Yes' },
      { id: 'gone', label: 'gone', value: 'kept as its id' },
    ]);
    expect(orderAnswers({ orderData: [{ id: 'project', value: 'AB-123' }] }, undefined)).toEqual([{ id: 'project', label: 'project', value: 'AB-123' }]);
  });

  it('says how long an approved order downloads', () => {
    const expires = new Date(2026, 2, 31, 23, 59, 59).toISOString();
    expect(downloadText({ state: 'approved', download: '/fotoweb/orders/42/download', expires })).toBe('Download until 31 Mar 2026');
    expect(downloadText({ state: 'approved', download: null, expires }, new Date(2026, 3, 2))).toBe('The download expired on 31 Mar 2026.');
    expect(downloadText({ state: 'pending', download: null, expires: null })).toBeUndefined();
    expect(downloadText({ state: 'approved', download: '/d', expires: null })).toBe('Download');
  });
});
