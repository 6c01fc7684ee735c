import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { usersQueryKeys } from '@/lib/users/user-query-keys';
import { useUsers } from '../api/get-users';
import { MemberCsvActions } from '../components/csv/member-csv-actions';
import { ColumnPicker } from '../components/list/column-picker';
import { useVisibleColumns } from '../components/list/list-columns';
import { UsersListFilters } from '../components/list/users-list-filters';
import styles from '../components/list/users-list.module.css';
import { useUsersListParams } from '../components/list/users-list-params';
import { showingRange, UsersPagination } from '../components/list/users-pagination';
import { UsersTable } from '../components/list/users-table';

/** `/users/list` (admins): the members, a page at a time, with filters and chosen columns. */
export function UsersListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const describe = useApiErrorText();
  const { query, update } = useUsersListParams();
  const { visible, toggle } = useVisibleColumns();
  const { data: served, error, isPending, isPlaceholderData, isFetching } = useUsers(query);

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
