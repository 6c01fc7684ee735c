import type { UserListItem, UsersSort, UserSortField } from '@guildhall/contract';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Pencil } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { NotProvided } from '@/components/ui/not-provided';
import { useDateFormat } from '@/lib/format-date';
import { useSignedInUser } from '@/lib/session/get-session';
import { RoleBadge } from '../role-badge';
import { DeleteUserButton } from './delete-user-button';
import { type Column, SORT_FIELDS } from './list-columns';
import styles from './users-list.module.css';

interface UsersTableProps {
  users: UserListItem[];
  columns: readonly Column[];
  sort: UsersSort;
  onSort: (sort: UsersSort) => void;
  /** Another page is on its way: the rows shown are the previous ones. */
  isUpdating: boolean;
  /** Whether a row is ticked for the bulk actions, and ticking or unticking rows. */
  isSelected: (id: string) => boolean;
  onSelect: (ids: string[], selected: boolean) => void;
}

export function UsersTable({
  users,
  columns,
  sort,
  onSort,
  isUpdating,
  isSelected,
  onSelect,
}: UsersTableProps) {
  const { t } = useTranslation();
  const captionId = useId();
  const pageIds = users.map((member) => member._id);
  const pageSelected = pageIds.length > 0 && pageIds.every(isSelected);

  const header = (column: Column | 'pseudo') => {
    const label = t(`fields.${column}`);
    const field = SORT_FIELDS[column];
    return field ? (
      <SortableHeader key={column} label={label} field={field} sort={sort} onSort={onSort} />
    ) : (
      <th key={column} scope="col">
        {label}
      </th>
    );
  };

  return (
    // Scrolls sideways on narrow screens; focusable so that keyboard users can scroll it too.
    <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-busy={isUpdating || undefined}>
        <caption id={captionId} className="visually-hidden">
          {t('users.list.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.select}>
              <input
                type="checkbox"
                aria-label={t('users.list.bulk.select_page')}
                checked={pageSelected}
                onChange={() => onSelect(pageIds, !pageSelected)}
              />
            </th>
            {header('pseudo')}
            {columns.map(header)}
            <th scope="col">{t('users.list.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((member) => (
            <tr key={member._id}>
              <td className={styles.select}>
                <input
                  type="checkbox"
                  aria-label={t('users.list.bulk.select', { pseudo: member.pseudo })}
                  checked={isSelected(member._id)}
                  onChange={(event) => onSelect([member._id], event.target.checked)}
                />
              </td>
              <th scope="row">
                <span className={styles.member}>
                  <MemberAvatar member={member} />
                  {member.pseudo}
                </span>
              </th>
              {columns.map((column) => (
                <td key={column}>
                  <Cell column={column} member={member} />
                </td>
              ))}
              <td>
                <RowActions member={member} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface SortableHeaderProps {
  label: string;
  field: UserSortField;
  sort: UsersSort;
  onSort: (sort: UsersSort) => void;
}

/** A click sorts by the column, a second one reverses the order; aria-sort says which is on. */
function SortableHeader({ label, field, sort, onSort }: SortableHeaderProps) {
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : undefined;
  const Icon =
    direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction}>
      <button
        type="button"
        className={styles.sortButton}
        onClick={() => onSort(direction === 'ascending' ? `-${field}` : field)}
      >
        {label}
        <Icon size={14} />
      </button>
    </th>
  );
}

function Cell({ column, member }: { column: Column; member: UserListItem }): ReactNode {
  const format = useDateFormat();
  const notAvailable = <NotProvided />;

  switch (column) {
    case 'role':
      return <RoleBadge role={member.role} />;
    case 'team':
      // The teams of the Teams tab; the free-text `team` is a note of the edit form.
      return member.teams.length > 0 ? <TeamsCell teams={member.teams} /> : notAvailable;
    case 'created_at':
      return format.date(member.created_at) ?? notAvailable;
    case 'birthday':
      return member.birthday
        ? (format.calendarDay(member.birthday) ?? member.birthday)
        : notAvailable;
    case 'discord':
      return member.discord_tag ?? notAvailable;
    case 'twitter':
      return member.twitter_login ?? notAvailable;
    case 'twitch':
      return member.twitch_login ?? notAvailable;
    case 'riot':
      return member.riot_login ?? notAvailable;
    case 'epic':
      return member.epic_login ?? notAvailable;
    default:
      // name, surname and the address fields.
      return member[column] ?? notAvailable;
  }
}

/** Teams shown before the rest is summed up as "+N". */
const TEAMS_SHOWN = 2;

/** The member's teams, compact: two names, then "+N" naming the others to everyone. */
function TeamsCell({ teams }: { teams: UserListItem['teams'] }) {
  const { t } = useTranslation();
  const shown = teams.slice(0, TEAMS_SHOWN);
  const others = teams.slice(TEAMS_SHOWN);
  return (
    <ul className={styles.teams}>
      {shown.map((team) => (
        <li key={team._id} className={styles.teamChip}>
          {team.name}
        </li>
      ))}
      {others.length > 0 && (
        <li className={styles.teamChip} title={others.map((team) => team.name).join(', ')}>
          <span aria-hidden="true">+{others.length}</span>
          <span className="visually-hidden">
            {t('users.list.other_teams', {
              count: others.length,
              names: others.map((team) => team.name).join(', '),
            })}
          </span>
        </li>
      )}
    </ul>
  );
}

function RowActions({ member }: { member: UserListItem }) {
  const { t } = useTranslation();
  const reader = useSignedInUser();
  const { pseudo } = member;
  return (
    <div className={styles.actions}>
      <Link
        className="icon-button"
        to={`/users/${member._id}`}
        aria-label={t('users.list.view', { pseudo })}
      >
        <Eye size={18} />
      </Link>
      <Link
        className="icon-button"
        to={`/users/modify/${member._id}`}
        aria-label={t('users.list.edit', { pseudo })}
      >
        <Pencil size={18} />
      </Link>
      {member._id === reader._id ? (
        // No deleting oneself from here (the server refuses it); the empty place keeps the
        // buttons of every row in line.
        <span className={styles.noAction} aria-hidden="true" />
      ) : (
        <DeleteUserButton member={member} />
      )}
    </div>
  );
}
