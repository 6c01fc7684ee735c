import type { Alert } from '@guildhall/contract';
import type { AlertRow } from '../../db/schema.js';

export function presentAlert(row: AlertRow): Alert {
  return {
    _id: row.id,
    type: row.type,
    statut: row.statut,
    condition: row.condition,
    message: row.message,
  };
}
