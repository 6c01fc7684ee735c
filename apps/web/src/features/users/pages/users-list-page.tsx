import { useQueryClient } from '@tanstack/react-query';
import type { MemberSelection } from '@guildhall/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { usersQueryKeys } from '@/lib/users/user-query-keys';
import { useUsers } from '../api/get-users';
import { MemberCsvActions } from '../components/csv/member-csv-actions';
import { BulkMembership } from '../components/list/bulk-membership';
import { ColumnPicker } from '../components/list/column-picker';
import { useVisibleColumns } from '../components/list/list-columns';
import { UsersListFilters } from '../components/list/users-list-filters';
import styles from '../components/list/users-list.module.css';
import { useUsersListParams } from '../components/list/users-list-params';
import { showingRange, UsersPagination } from '../components/list/users-pagination';
import { UsersTable } from '../components/list/users-table';

/** The rows ticked, or every member the filter finds; for one filter (another one starts empty). */
type Chosen = { filterKey: string } & ({ ids: ReadonlySet<string> } | { all: true });

/**
 * `/users/list` (admins): the members, a page at a time, with filters and chosen columns, and
 * bulk changes of membership for the rows ticked or the whole filter.
 */
export function UsersListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const describe = useApiErrorText();
  const { query, update } = useUsersListParams();
  const { visible, toggle } = useVisibleColumns();
  const { data: served, error, isPending, isPlaceholderData, isFetching } = useUsers(query);
  const filterKey = JSON.stringify([query.role ?? null, query.q]);
  const [stored, setChosen] = useState<Chosen>({ filterKey, ids: new Set() });
  const chosen: Chosen = stored.filterKey === filterKey ? stored : { filterKey, ids: new Set() };
  const isSelected = (id: string) => 'all' in chosen || chosen.ids.has(id);
  const select = (ids: string[], selected: boolean) => {
    // Unticking a row of the whole filter keeps the page's other rows ticked.
    const before = 'all' in chosen ? (served?.users.map((member) => member._id) ?? []) : chosen.ids;
    const next = new Set(before);
    for (const id of ids) {
      if (selected) next.add(id);
      else next.delete(id);
    }
    setChosen({ filterKey, ids: next });
  };
  const selection: MemberSelection | undefined =
    'all' in chosen
      ? served && {
          filter: { ...(query.role && { role: query.role }), ...(query.q && { q: query.q }) },
          expected: served.total,
        }
      : chosen.ids.size > 0
        ? { ids: [...chosen.ids] }
        : undefined;
  const selectedCount = 'all' in chosen ? (served?.total ?? 0) : chosen.ids.size;
  const pageAllTicked =
    !!served && served.users.length > 0 && served.users.every((member) => isSelected(member._id));

  // The server answers a page past the end with the last page: the address follows, without
  // asking the server again for what it just said.
  useEffect(() => {
    if (!served || isPlaceholderData || served.page === query.page) return;
    queryClient.setQueryData(usersQueryKeys.list({ ...query, page: served.page }), served);
    update({ page: served.page }, { replace: true });
  }, [served, isPlaceholderData, query, queryClient, update]);

  return (
    <>
      <PageHeader
        title={t('pages.users_list.title')}
        description={t('pages.users_list.description')}
      />
      <div className={styles.toolbar}>
        <UsersListFilters query={query} onFilter={update} />
        <ColumnPicker visible={visible} onToggle={toggle} />
        <MemberCsvActions />
      </div>
      {selection && (
        <BulkMembership
          selection={selection}
          count={selectedCount}
          canSelectAll={
            !('all' in chosen) && pageAllTicked && served && served.total > chosen.ids.size
              ? { total: served.total, onSelectAll: () => setChosen({ filterKey, all: true }) }
              : undefined
          }
          onClear={() => setChosen({ filterKey, ids: new Set() })}
        />
      )}
      {error && <ErrorMessage message={describe(error)} />}
      {isPending ? (
        <LoadingMessage shape="table" />
      ) : (
        served && (
          <>
            {served.total > 0 && (
              <UsersTable
                users={served.users}
                columns={visible}
                sort={query.sort}
                onSort={(sort) => update({ sort, page: 1 })}
                isUpdating={isFetching && isPlaceholderData}
                isSelected={isSelected}
                onSelect={select}
              />
            )}
            <p
              className={`${styles.status} ${served.total === 0 ? `card ${styles.empty}` : ''}`}
              role="status"
            >
              {served.total === 0
                ? t('users.list.empty')
                : t('users.list.showing', showingRange(served.page, served.pageSize, served.total))}
            </p>
            <UsersPagination
              page={served.page}
              pageSize={served.pageSize}
              total={served.total}
              onPage={(page) => update({ page })}
            />
          </>
        )
      )}
    </>
  );
}
