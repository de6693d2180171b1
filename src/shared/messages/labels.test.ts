import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS_LABEL,
  ORDER_STATUSES,
  orderStatusLabel,
  TICKET_STATUS_LABEL,
  TICKET_STATUSES,
  ticketStatusLabel,
} from './checkout';
import {
  boxOfficeMethodLabel,
  PAYMENT_STATUS_LABEL,
  PAYMENT_STATUSES,
  paymentChannelLabel,
  paymentMethodLabel,
  paymentStatusLabel,
} from './payments';

describe('status labels', () => {
  it('names every order and ticket status in Spanish, never by its code', () => {
    for (const s of ORDER_STATUSES) expect(ORDER_STATUS_LABEL[s]).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ ]+$/);
    for (const s of TICKET_STATUSES) expect(TICKET_STATUS_LABEL[s]).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ ]+$/);
  });

  it.each([
    ['paid', 0, 'Pagada'],
    ['paid', 500, 'Reembolso parcial'],
    ['refunded', 1000, 'Reembolsada'],
    ['held', 0, 'Reservada'],
    ['expired', 0, 'Reserva vencida'],
    ['failed', 0, 'Pago rechazado'],
  ])('order %s with %i refunded reads %s', (status, refunded, label) => {
    expect(orderStatusLabel(status, refunded)).toBe(label);
  });

  it('a refunded ticket reads refunded, whatever its stored status', () => {
    expect(ticketStatusLabel('cancelled', true)).toBe('Reembolsada');
    expect(ticketStatusLabel('valid')).toBe('Válida');
    expect(ticketStatusLabel('used')).toBe('Usada');
  });
});

describe('payment method labels', () => {
  it.each([
    ['visa', 'credit_card', 'Visa crédito'],
    ['debvisa', 'debit_card', 'Visa débito'],
    ['master', 'credit_card', 'Mastercard crédito'],
    ['rapipago', 'ticket', 'Rapipago (efectivo)'],
    ['account_money', 'account_money', 'Dinero en cuenta de MercadoPago'],
    ['cvu', 'bank_transfer', 'Transferencia'],
    ['cash', 'boleteria_cash', 'Efectivo en boletería'],
    ['card', 'boleteria_card', 'Tarjeta en boletería'],
    ['transfer', 'boleteria_transfer', 'Transferencia'],
    ['brand_new', 'credit_card', 'MercadoPago (crédito)'],
    [null, null, 'MercadoPago'],
  ])('%s (%s) reads "%s"', (method, type, label) => {
    expect(paymentMethodLabel({ payment_method_id: method, payment_type_id: type })).toBe(label);
  });

  it('never shows a raw code', () => {
    for (const [m, t] of [
      ['visa', 'credit_card'],
      ['cash', 'boleteria_cash'],
    ] as const) {
      const label = paymentMethodLabel({ payment_method_id: m, payment_type_id: t });
      expect(label).not.toMatch(/credit_card|boleteria_|\(cash\)|_/);
    }
  });

  it('a cash sale is a box-office sale, not a MercadoPago one', () => {
    const cash = { payment_method_id: 'cash', payment_type_id: 'boleteria_cash' };
    expect(paymentChannelLabel(cash)).toBe('Boletería');
    expect(paymentMethodLabel(cash)).not.toMatch(/MercadoPago/);
    expect(paymentChannelLabel({ payment_method_id: 'visa', payment_type_id: 'credit_card' })).toBe('MercadoPago');
  });
});

describe('payment status and box-office method labels', () => {
  it('names every payment status in Spanish, never by its code', () => {
    for (const s of PAYMENT_STATUSES) {
      expect(PAYMENT_STATUS_LABEL[s]).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ ]+$/);
      expect(paymentStatusLabel(s)).not.toContain('_');
    }
    expect(paymentStatusLabel('refunded')).toBe('Pago devuelto');
    expect(paymentStatusLabel('charged_back')).toBe('Contracargo del banco');
  });

  it('an unknown or missing payment status reads as words, not as the raw code', () => {
    expect(paymentStatusLabel('weird_new_status')).toBe('Estado de pago desconocido');
    expect(paymentStatusLabel(null)).toBe('Sin pago');
  });

  it.each([
    ['cash', 'Efectivo en boletería'],
    ['card', 'Tarjeta en boletería'],
    ['transfer', 'Transferencia'],
    ['trueque', 'Boletería'],
  ])('a box-office sale paid by %s reads %s', (method, label) => {
    expect(boxOfficeMethodLabel(method)).toBe(label);
  });
});
