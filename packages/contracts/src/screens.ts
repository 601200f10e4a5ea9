import type { Permission } from './permissions.ts';

// Every screen of the spec's three parts: its hash route, title, the category
// smart navigation shows, and the permission it needs (none: any full user).
// Where the spec leaves a route unnamed ("route not shown") we chose one in the
// spec's style; those are marked `chosen`.
export interface Screen {
  path: string;
  title: string;
  category: string;
  permission?: Permission;
  // offered by smart navigation (the spec's fixed list of 31 screens)
  smartNav?: boolean;
  // reachable by UTILITY-USER and other non-full roles
  utility?: boolean;
  chosen?: boolean;
}

export const SCREENS: readonly Screen[] = [
  // Part 1: shell, access, master data, administration
  { path: '/', title: 'Home Dashboard', category: 'Dashboards', smartNav: true },
  { path: '/jobs/all', title: 'Jobs Dashboard', category: 'Jobs Management', smartNav: true },
  { path: '/profile', title: 'Profile', category: 'Account', utility: true },
  {
    path: '/upload-customer-mapping',
    title: 'Upload the Customer Mapping File',
    category: 'Master Data',
    permission: 'MASTERDATA_CUSTOMERS',
    smartNav: true,
  },
  {
    path: '/new-customer',
    title: 'Create Customer',
    category: 'Master Data',
    permission: 'MASTERDATA_CUSTOMERS',
    smartNav: true,
  },
  {
    path: '/search-customers',
    title: 'Search Customers',
    category: 'Master Data',
    permission: 'MASTERDATA_CUSTOMERS',
    smartNav: true,
  },
  {
    path: '/customer/:customerId',
    title: 'Customer Details',
    category: 'Master Data',
    permission: 'MASTERDATA_CUSTOMERS',
  },
  {
    path: '/new-vendor',
    title: 'Create Vendor',
    category: 'Master Data',
    permission: 'MASTERDATA_VENDORS',
    smartNav: true,
  },
  {
    path: '/search-vendors',
    title: 'Search Vendors',
    category: 'Master Data',
    permission: 'MASTERDATA_VENDORS',
    smartNav: true,
  },
  {
    path: '/vendor/:vendorId',
    title: 'Vendor Details',
    category: 'Master Data',
    permission: 'MASTERDATA_VENDORS',
  },
  {
    path: '/delete-data',
    title: 'Delete Data',
    category: 'Data Admin',
    permission: 'DATA_ADMIN',
    smartNav: true,
  },
  { path: '/data-quality', title: 'Jobs with Invalid Data', category: 'Reports', smartNav: true },
  {
    path: '/customer-compliance',
    title: 'Compliance Overview',
    category: 'Dashboards',
    permission: 'RECON_TDS_RECEIVABLE',
    smartNav: true,
  },
  { path: '/about', title: 'About', category: 'Help' },
  { path: '/empty', title: 'Empty Page', category: 'Help' },
  { path: '/help', title: 'Help Content', category: 'Help', smartNav: true },
  {
    path: '/manage-entities',
    title: 'Manage Legal Entities and Users',
    category: 'Entity Management',
    permission: 'MANAGE_ENTITIES',
    smartNav: true,
  },
  { path: '/utilities', title: 'Utilities', category: 'Utilities', utility: true, smartNav: true },
  // Part 2: TDS receivable and TCS
  {
    path: '/new-tds-reconciliation',
    title: 'Perform TDS Reconciliation',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
    smartNav: true,
    chosen: true,
  },
  {
    path: '/new-tcs-reconciliation',
    title: 'Perform TCS Reconciliation',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
    smartNav: true,
    chosen: true,
  },
  {
    path: '/view-tds-reconciliation',
    title: 'All TDS Reconciliation Jobs',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
    smartNav: true,
  },
  {
    path: '/view-tcs-reconciliation',
    title: 'All TCS Reconciliation Jobs',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
    smartNav: true,
  },
  {
    path: '/tds-job',
    title: 'TDS Reconciliation Result',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/tcs-job',
    title: 'TCS Reconciliation Result',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/tds-discrepancies',
    title: 'TDS Discrepancies',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/tcs-discrepancies',
    title: 'TCS Discrepancies',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/tcs-job/discrepancies',
    title: 'TCS Discrepancies',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/tds-printable-view',
    title: 'TDS Reconciliation Report',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/tcs-printable-view',
    title: 'TCS Reconciliation Report',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/tds-job/smart-filters',
    title: 'Smart Filters',
    category: 'Reconciliation',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/bulk-follow-up',
    title: 'Bulk Follow-up',
    category: 'Follow ups',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/follow-up',
    title: 'Follow-up Thread',
    category: 'Follow ups',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/new-follow-up',
    title: 'New Follow-up',
    category: 'Follow ups',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/search-follow-ups',
    title: 'Search Follow Ups',
    category: 'Follow ups',
    permission: 'RECON_TDS_RECEIVABLE',
  },
  {
    path: '/search-26as',
    title: 'Search 26AS Entries',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT_26AS',
    smartNav: true,
    chosen: true,
  },
  {
    path: '/search-sales',
    title: 'Search Sales Book Entries',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT_SALES',
    smartNav: true,
    chosen: true,
  },
  {
    path: '/search-purchase',
    title: 'Search Purchase Book Entries',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT',
    smartNav: true,
    chosen: true,
  },
  {
    path: '/upload-26as',
    title: 'Upload 26AS',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT_26AS',
    smartNav: true,
    chosen: true,
  },
  {
    path: '/load-26as-folder',
    title: 'Load Parsed 26AS from Folder',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT_26AS',
    chosen: true,
  },
  {
    path: '/load-raw-26as-folder',
    title: 'Load Raw 26AS from Folder',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT_26AS',
    chosen: true,
  },
  {
    path: '/upload-purchase',
    title: 'Upload Purchase Data',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT',
    chosen: true,
  },
  {
    path: '/load-purchase-folder',
    title: 'Load Purchase Data from Folder',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT',
    chosen: true,
  },
  {
    path: '/load-sales-folder',
    title: 'Load Sales Data from Folder',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT_SALES',
    chosen: true,
  },
  {
    path: '/reconciliation-reports',
    title: 'Reconciliation Reports',
    category: 'Reports',
    permission: 'RECON_TDS_RECEIVABLE',
    smartNav: true,
  },
  { path: '/misc-reports', title: 'Miscellaneous Reports', category: 'Reports', chosen: true },
  {
    path: '/customer-template',
    title: 'Create Customer Template',
    category: 'Master Data',
    permission: 'MASTERDATA_CUSTOMERS',
    chosen: true,
  },
  {
    path: '/vendor-template',
    title: 'Create Vendor Template',
    category: 'Master Data',
    permission: 'MASTERDATA_VENDORS',
    chosen: true,
  },
  // Part 3: TDS payable, uploads, utilities
  {
    path: '/new-34a-reconciliation',
    title: 'New 34A Reconciliation',
    category: 'Reconciliation',
    permission: 'RECON_TDS_PAYABLE',
    smartNav: true,
  },
  {
    path: '/view-34a-reconciliation',
    title: 'All TDS Payable Reconciliation Jobs',
    category: 'Reconciliation',
    permission: 'RECON_TDS_PAYABLE',
    smartNav: true,
  },
  {
    path: '/tds-payable-job',
    title: 'TDS Payable Reconciliation Result',
    category: 'Reconciliation',
    permission: 'RECON_TDS_PAYABLE',
    chosen: true,
  },
  {
    path: '/view-34a-output-annual',
    title: 'Annual Output',
    category: 'Reconciliation',
    permission: 'RECON_TDS_PAYABLE',
  },
  {
    path: '/tds-payable/explore',
    title: 'Actions for TDS Payable Summary',
    category: 'Reconciliation',
    permission: 'RECON_TDS_PAYABLE',
  },
  {
    path: '/tds-payable/quarterly-challan-summary',
    title: 'Quarterly Challan Summary',
    category: 'Reconciliation',
    permission: 'RECON_TDS_PAYABLE',
    chosen: true,
  },
  {
    path: '/upload-expense',
    title: 'Upload Expense Ledger',
    category: 'Data Management',
    permission: 'RECON_TDS_PAYABLE',
    smartNav: true,
  },
  {
    path: '/raw-upload-expense',
    title: 'Raw Expense Ledger Upload',
    category: 'Data Management',
    permission: 'RECON_TDS_PAYABLE',
  },
  {
    path: '/upload-payment',
    title: 'Upload Vendor Payments',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT',
  },
  {
    path: '/upload-sales',
    title: 'Upload Sales Register',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT_SALES',
    smartNav: true,
  },
  {
    path: '/search-expense',
    title: 'Search Expenses',
    category: 'Data Management',
    permission: 'RECON_TDS_PAYABLE',
  },
  {
    path: '/search-expense-ledger',
    title: 'Search Expenses',
    category: 'Data Management',
    permission: 'RECON_TDS_PAYABLE',
  },
  {
    path: '/search-payment',
    title: 'Search Vendor Payment Entries',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT',
  },
  {
    path: '/section-expense-type',
    title: 'Upload Section Expense Type',
    category: 'Master Data',
    permission: 'MASTERDATA_EXPENSESECTION_MAPPING',
  },
  {
    path: '/upload-expense-section-mapping',
    title: 'Upload Expense Section Mapping',
    category: 'Master Data',
    permission: 'MASTERDATA_EXPENSESECTION_MAPPING',
  },
  {
    path: '/search-section-expense-type',
    title: 'Search Section Expense Type',
    category: 'Master Data',
    permission: 'MASTERDATA_EXPENSESECTION_MAPPING',
  },
  {
    path: '/search-expense-section-mapping',
    title: 'Search Expense Section Mapping',
    category: 'Master Data',
    permission: 'MASTERDATA_EXPENSESECTION_MAPPING',
  },
  {
    path: '/transformation-rule',
    title: 'Rule Sets',
    category: 'Data Management',
    permission: 'MASTERDATA_EXPENSESECTION_MAPPING',
  },
  {
    path: '/manual-reconciliation',
    title: 'Manual Reconciliation',
    category: 'Reconciliation',
    permission: 'RECON_TDS_MANUAL',
    smartNav: true,
  },
  {
    path: '/manual-reconciliation-reports',
    title: 'Manual Reconciliation Jobs',
    category: 'Reports',
    permission: 'RECON_TDS_MANUAL',
  },
  {
    path: '/smart-recon',
    title: 'Smart Reconciliation',
    category: 'Smart Recon',
    permission: 'SMART_RECON',
    smartNav: true,
  },
  {
    path: '/bulk-smart-recon',
    title: 'Bulk Smart Reconciliation',
    category: 'Bulk Smart Recon',
    permission: 'SMART_RECON',
  },
  {
    path: '/expense-classification',
    title: 'Expense Classification',
    category: 'AI Engine',
    permission: 'AI_ENGINE',
  },
  { path: '/expense-prediction', title: 'Expenses Training', category: 'AI Engine', permission: 'AI_ENGINE' },
  {
    path: '/reconcile-26q-file',
    title: '26Q Reconcile',
    category: 'Reconciliation',
    permission: 'RECON_TDS_PAYABLE',
  },
  {
    path: '/ingest-form-16-a',
    title: 'Form 16A Upload',
    category: 'Docs Management',
    permission: 'FORM16A_MANAGEMENT',
  },
  {
    path: '/bulk-ingest-form-16-a',
    title: 'Form 16A Bulk Upload',
    category: 'Docs Management',
    permission: 'FORM16A_MANAGEMENT',
  },
  {
    path: '/search-form-16-a',
    title: 'Search Form 16A',
    category: 'Docs Management',
    permission: 'FORM16A_MANAGEMENT',
  },
  {
    path: '/link-26as',
    title: 'Link Customers in 26AS to Sales',
    category: 'Master Data',
    permission: 'MASTERDATA_CUSTOMERS',
  },
  {
    path: '/link-tanpan',
    title: 'Sync TAN and PAN',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT_26AS',
  },
  {
    path: '/search-linkages-26as',
    title: 'Search 26AS Customer Linkages',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT_26AS',
  },
  { path: '/26as_converter', title: '26AS Converter', category: 'Utilities', utility: true, smartNav: true },
  { path: '/26as_diff', title: '26AS Diff utility', category: 'Utilities', smartNav: true },
  {
    path: '/tds-payable-reports',
    title: 'TDS Payable Reports',
    category: 'Reports',
    permission: 'RECON_TDS_PAYABLE',
  },
  {
    path: '/tds-payable-error-reports',
    title: 'TDS Payable Error Reports',
    category: 'Reports',
    permission: 'RECON_TDS_PAYABLE',
  },
  { path: '/reports-dashboard', title: 'Reports Dashboard', category: 'Reports', smartNav: true },
  {
    path: '/upload-ltdc',
    title: 'LTDC Upload',
    category: 'Data Management',
    permission: 'RECON_TDS_PAYABLE',
  },
  {
    path: '/upload-tan-itr',
    title: 'TAN-ITR Report Upload',
    category: 'Data Management',
    permission: 'DATA_MANAGEMENT',
  },
];

export const UTILITY_PATHS: readonly string[] = SCREENS.filter((s) => s.utility).map((s) => s.path);

export const canSeeScreen = (screen: Screen, role: string, permissions: readonly string[]): boolean => {
  if (role !== 'ADMIN' && role !== 'NORMAL-USER') return !!screen.utility;
  return !screen.permission || permissions.includes(screen.permission);
};
