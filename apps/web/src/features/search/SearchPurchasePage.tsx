import { type PurchaseEntryRecord, type SearchPurchaseRequest, searchRoutes } from '@taxrecon/contracts';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { type BookSearchKind, BookSearchPage } from './BookSearchPage.tsx';
import type { FilterField } from './FilterForm.tsx';
import type { SearchColumn } from './SearchResults.tsx';
import { amountCell, formatDate, formatRate, formatRupees } from './search-format.ts';

type Row = z.output<typeof PurchaseEntryRecord>;
type Filters = Omit<z.input<typeof SearchPurchaseRequest>, 'page' | 'pageSize' | 'sortBy' | 'sortDirection'>;

const FIELDS: FilterField[] = [
  { kind: 'text', key: 'supplierName', label: 'Supplier Name' },
  { kind: 'text', key: 'panNumber', label: 'Supplier PAN Number' },
  { kind: 'text', key: 'tanNumber', label: 'Supplier TAN Number' },
  { kind: 'date', key: 'startDate', label: 'Transaction Start Date' },
  { kind: 'date', key: 'endDate', label: 'Transaction End Date' },
];

const COLUMNS: SearchColumn<Row>[] = [
  {
    accessor: 'transactiondate',
    title: 'Date',
    sortable: true,
    noWrap: true,
    value: (r) => r.transactiondate,
    render: (r) => formatDate(r.transactiondate),
  },
  { accessor: 'suppliername', title: 'Supplier Name', sortable: true, value: (r) => r.suppliername },
  { accessor: 'billnumber', title: 'Bill No.', sortable: true, value: (r) => r.billnumber },
  { accessor: 'pannumber', title: 'PAN', value: (r) => r.pannumber },
  { accessor: 'tannumber', title: 'TAN', value: (r) => r.tannumber },
  {
    accessor: 'invoicevalue',
    title: 'Invoice Value',
    textAlign: 'right',
    value: (r) => amountCell(r.invoicevalue),
    render: (r) => formatRupees(r.invoicevalue),
  },
  {
    accessor: 'purchasevalue',
    title: 'Purchase Value',
    sortable: true,
    textAlign: 'right',
    value: (r) => amountCell(r.purchasevalue),
    render: (r) => formatRupees(r.purchasevalue),
  },
  {
    accessor: 'tcsrate',
    title: 'TCS Rate',
    textAlign: 'right',
    value: (r) => (r.tcsrate === null ? null : Number(r.tcsrate)),
    render: (r) => formatRate(r.tcsrate),
  },
  {
    accessor: 'tcsonpurchase',
    title: 'TCS on Purchase',
    sortable: true,
    textAlign: 'right',
    value: (r) => amountCell(r.tcsonpurchase),
    render: (r) => formatRupees(r.tcsonpurchase),
  },
];

const PURCHASE: BookSearchKind<Filters, Row> = {
  name: 'purchase',
  title: 'Search Purchase Book Entries',
  subtitle: 'Entries of the loaded purchase registers of this entity',
  fields: FIELDS,
  fetch: (body) => call(searchRoutes.searchPurchase, { body }),
  toFilters: (criteria) => criteria,
  exportName: 'purchase-book-entries',
  amountLabel: 'Purchase Value',
  taxLabel: 'TCS on Purchase',
};

export function SearchPurchasePage() {
  return <BookSearchPage kind={PURCHASE} columns={COLUMNS} />;
}
