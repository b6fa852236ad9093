import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A server-paged table's footer: `page` counts from 1, as the calls take it. */
export function CopyPager(props: {
  total: number;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={props.total}
      page={props.page - 1}
      rowsPerPage={props.limit}
      rowsPerPageOptions={[20, 50, 100]}
      onPageChange={(_e, p) => props.onPage(p + 1)}
      onRowsPerPageChange={(e) => props.onLimit(Number(e.target.value))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) =>
        translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
      }
    />
  );
}
