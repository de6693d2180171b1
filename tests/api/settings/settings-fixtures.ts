export const VALID_SETTINGS = {
  razon_social: 'Noches Porteñas S.R.L.',
  cuit: '20-12345678-6',
  iva_condition: 'responsable_inscripto',
  payout_account: '2850590940090418135201',
  payout_holder: 'Noches Porteñas S.R.L.',
  hold_minutes: null,
  named_tickets: false,
  door_dni: false,
  refund_policy: 'Devolvemos el importe hasta 10 días antes de la función.',
  fee: null,
};
