import {
  ALERT_STATUSES,
  ALERT_TYPES,
  type Alert,
  type AlertStatus,
  type AlertType,
} from '@guildhall/contract';
import { useSearchParams } from 'react-router';
import { useUpdateSearchParams } from '@/lib/use-update-search-params';

/** The filters of the alerts table; undefined shows all. */
export interface AlertsFilter {
  type: AlertType | undefined;
  status: AlertStatus | undefined;
}

export const alertTypeOf = (value: string | null): AlertType | undefined =>
  ALERT_TYPES.find((type) => type === value);
export const alertStatusOf = (value: string | null): AlertStatus | undefined =>
  ALERT_STATUSES.find((status) => status === value);

/** The alerts that pass the filter, in the order given. */
export function filterAlerts(alerts: Alert[], { type, status }: AlertsFilter): Alert[] {
  return alerts.filter(
    (alert) => (!type || alert.type === type) && (!status || alert.statut === status),
  );
}

/** The filter lives in the address (`?tab=alerts&type=warn&status=active`): it survives a reload. */
export function useAlertsFilter() {
  const [searchParams] = useSearchParams();
  const filter: AlertsFilter = {
    type: alertTypeOf(searchParams.get('type')),
    status: alertStatusOf(searchParams.get('status')),
  };

  const update: (changes: Partial<AlertsFilter>) => void = useUpdateSearchParams();

  return { filter, update };
}
