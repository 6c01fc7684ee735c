import {
  ROLES,
  memberCsvColumnOf,
  type MemberCsvColumn,
  type MemberImportChange,
  type Role,
} from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCalendarDay } from '@/lib/format-date';
import { useMembersCsvTranslation } from './members-csv-texts';

/**
 * The field each column holds, as the member list and the edit form name it (`fields.*`): the
 * CSV's `last_name` and `first_name` are the API's `name` and `surname`.
 */
const FIELD_OF = {
  pseudo: 'pseudo',
  last_name: 'name',
  first_name: 'surname',
  email: 'email',
  birthday: 'birthday',
  role: 'role',
  adhesion: 'adhesion',
  team: 'team',
  discord: 'discord',
  twitter: 'twitter',
  twitch: 'twitch',
  riot: 'riot',
  epic: 'epic',
  address: 'address',
  zip_code: 'zip_code',
  town: 'town',
  country: 'country',
  created_at: 'created_at',
} as const satisfies Record<MemberCsvColumn, string>;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * The report's columns and values in the reader's language: a column by its field's name, a role
 * by its name, adhesion as yes or no, a birthday as the language writes a day, nothing as
 * "(vide)". The server reports them as the CSV writes them (decision 035).
 */
export function useMemberCsvText() {
  const { t } = useTranslation();
  const { t: csv } = useMembersCsvTranslation();
  const { language } = useLanguage();

  const fieldName = (column: MemberCsvColumn) => t(`fields.${FIELD_OF[column]}`);

  function value(column: MemberCsvColumn, cell: string | null): string {
    if (!cell) return csv('empty_value');
    if (column === 'role' && isRole(cell)) return t(`roles.${cell}`);
    if (column === 'adhesion') return cell === 'true' ? csv('yes') : csv('no');
    if (column === 'birthday') return formatCalendarDay(cell, language) ?? cell;
    return cell;
  }

  return {
    /** "Ville : Lyon → Paris". */
    change: (change: MemberImportChange) =>
      csv('change', {
        column: fieldName(change.column),
        from: value(change.column, change.from),
        to: value(change.column, change.to),
      }),
    /** A refused cell's column: its field's name, with the file's header to find it by. */
    column: (header: string) => {
      const column = memberCsvColumnOf(header);
      return column ? csv('column_named', { label: fieldName(column), column: header }) : header;
    },
  };
}
