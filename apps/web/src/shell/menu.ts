import { canSeeScreen, type Permission, SCREENS } from '@taxrecon/contracts';

export interface MenuLink {
  label: string;
  to: string;
  permission?: Permission;
  // words a person types into smart navigation that the label does not hold
  keywords?: readonly string[];
}

export interface MenuGroup {
  label: string;
  permission?: Permission;
  items: readonly MenuNode[];
}

export type MenuNode = MenuLink | MenuGroup;

export const isGroup = (node: MenuNode): node is MenuGroup => 'items' in node;

const link = (
  label: string,
  to: string,
  permission?: Permission,
  keywords?: readonly string[],
): MenuLink => ({ label, to, permission, keywords });

// The spec's name of a screen is the menu's and the page's (spec part 1 section 2,
// part 3 section 1); a link whose label differs says so in the unit test.

// The side menu of spec part 1 section 2, every link pointing at a screen of SCREENS.
export const MENU: readonly MenuGroup[] = [
  {
    label: 'Admin',
    permission: 'ADMIN_OPERATIONS',
    items: [
      link('Load Parsed 26AS from Folder', '/load-26as-folder'),
      link('Load Raw 26AS from Folder', '/load-raw-26as-folder'),
      link('Load Purchase Data from Folder', '/load-purchase-folder'),
      link('Load Sales Data from Folder', '/load-sales-folder'),
      link('E-mail Outbox', '/manage-entities?tab=outbox', undefined, ['mail', 'email']),
    ],
  },
  {
    label: 'Dashboards',
    items: [link('Home Dashboard', '/'), link('Compliance Overview', '/customer-compliance')],
  },
  {
    label: 'Data Management',
    permission: 'DATA_MANAGEMENT',
    items: [
      {
        label: '26AS',
        permission: 'DATA_MANAGEMENT_26AS',
        items: [
          link('Upload 26AS', '/upload-26as'),
          link('Search 26AS Entries', '/search-26as'),
          link('Search 26AS Customer Linkages', '/search-linkages-26as'),
          link('Sync TAN and PAN', '/link-tanpan'),
        ],
      },
      {
        label: 'Sales',
        permission: 'DATA_MANAGEMENT_SALES',
        items: [
          link('Upload Sales Register', '/upload-sales'),
          link('Search Sales Book Entries', '/search-sales'),
          link('Upload Purchase Data', '/upload-purchase'),
          link('Search Purchase Book Entries', '/search-purchase'),
        ],
      },
      {
        label: 'Expense Ledger',
        permission: 'DATA_MANAGEMENT_EXPENSE',
        items: [
          link('Upload Expense Ledger', '/upload-expense'),
          link('Raw Expense Ledger Upload', '/raw-upload-expense'),
          link('Search Expenses', '/search-expense'),
          link('Rule Sets', '/transformation-rule'),
          link('LTDC Upload', '/upload-ltdc'),
        ],
      },
      {
        label: 'Payment',
        items: [
          link('Upload Vendor Payments', '/upload-payment'),
          link('Search Vendor Payment Entries', '/search-payment'),
        ],
      },
      { label: 'TAN-ITR Report', items: [link('TAN-ITR Report Upload', '/upload-tan-itr')] },
    ],
  },
  {
    label: 'Docs Management',
    permission: 'DOCS_MANAGEMENT',
    items: [
      {
        label: 'Form 16A',
        items: [
          link('Form 16A Upload', '/ingest-form-16-a', undefined, ['TDS certificate']),
          link('Form 16A Bulk Upload', '/bulk-ingest-form-16-a'),
          link('Search Form 16A', '/search-form-16-a'),
        ],
      },
    ],
  },
  {
    label: 'Master Data',
    permission: 'MASTERDATA_MANAGEMENT',
    items: [
      {
        label: 'Customers',
        items: [
          link('Create Customer', '/new-customer'),
          link('Search Customers', '/search-customers'),
          link('Upload the Customer Mapping File', '/upload-customer-mapping'),
          link('Link Customers in 26AS to Sales', '/link-26as'),
          link('Create Customer Template', '/customer-template'),
        ],
      },
      {
        label: 'Vendors',
        items: [
          link('Create Vendor', '/new-vendor'),
          link('Search Vendors', '/search-vendors'),
          link('Create Vendor Template', '/vendor-template'),
        ],
      },
      {
        label: 'Expense-Section',
        permission: 'MASTERDATA_EXPENSESECTION_MAPPING',
        items: [
          link('Upload Section Expense Type', '/section-expense-type'),
          link('Search Section Expense Type', '/search-section-expense-type'),
          link('Upload Expense Section Mapping', '/upload-expense-section-mapping'),
          link('Search Expense Section Mapping', '/search-expense-section-mapping'),
        ],
      },
    ],
  },
  {
    label: 'Reconciliation',
    items: [
      {
        label: 'TDS Receivable',
        items: [
          link('Perform TDS Reconciliation', '/new-tds-reconciliation'),
          link('All TDS Reconciliation Jobs', '/view-tds-reconciliation'),
          link('Perform TCS Reconciliation', '/new-tcs-reconciliation'),
          link('All TCS Reconciliation Jobs', '/view-tcs-reconciliation'),
          link('Manual Reconciliation', '/manual-reconciliation'),
          link('Manual Reconciliation Jobs', '/manual-reconciliation-reports'),
        ],
      },
      {
        label: 'TDS Payable',
        items: [
          link('New 34A Reconciliation', '/new-34a-reconciliation', undefined, ['challan', 'TDS payable']),
          link('All TDS Payable Reconciliation Jobs', '/view-34a-reconciliation', undefined, [
            '34A',
            'challan',
            'Form 3CD',
          ]),
          link('Annual Output', '/view-34a-output-annual', undefined, ['34A', 'Form 3CD', 'clause 34(a)']),
          link('26Q Reconcile', '/reconcile-26q-file', undefined, ['Form 26Q', 'quarterly return']),
          link('Expense Classification', '/expense-classification'),
          link('Expenses Training', '/expense-prediction'),
        ],
      },
    ],
  },
  {
    label: 'Follow ups',
    items: [link('Search Follow Ups', '/search-follow-ups'), link('New Follow-up', '/new-follow-up')],
  },
  { label: 'Data Admin', permission: 'DATA_ADMIN', items: [link('Delete Data', '/delete-data')] },
  {
    label: 'Reports',
    items: [
      link('Reports Dashboard', '/reports-dashboard'),
      link('Customer TANs (csv)', '/reports-dashboard?download=customer-tan', 'MASTERDATA_CUSTOMERS'),
      link('Jobs with Invalid Data', '/data-quality', undefined, ['data quality', 'errors']),
      link('Reconciliation Reports', '/reconciliation-reports'),
      link('Miscellaneous Reports', '/misc-reports'),
      link('TDS Payable Reports', '/tds-payable-reports', undefined, ['34A', 'Form 3CD']),
      link('TDS Payable Error Reports', '/tds-payable-error-reports'),
    ],
  },
  { label: 'Jobs Management', items: [link('Jobs Dashboard', '/jobs/all')] },
  {
    label: 'Utilities',
    items: [
      link('All Utilities', '/utilities'),
      link('26AS to CSV Converter', '/26as_converter?format=csv'),
      link('26AS to Excel Converter', '/26as_converter?format=excel'),
      link('26AS Diff utility', '/26as_diff'),
    ],
  },
  { label: 'Smart Recon', items: [link('Smart Reconciliation', '/smart-recon')] },
  { label: 'Bulk Smart Recon', items: [link('Bulk Smart Reconciliation', '/bulk-smart-recon')] },
  { label: 'Entity Management', items: [link('Manage Legal Entities and Users', '/manage-entities')] },
  { label: 'Help', items: [link('Help Content', '/help'), link('About', '/about')] },
];

export const screenOf = (to: string) => SCREENS.find((s) => s.path === to.split('?')[0]);

// The menu as one user sees it: links hidden unless the user holds the link's
// permission (and its groups'), and the screen allows the role; empty groups go.
// Roles without the full route set see the Utilities group only.
export const visibleMenu = (role: string, permissions: readonly string[], isFull: boolean): MenuGroup[] => {
  const holds = (p?: Permission) => !p || permissions.includes(p);
  const prune = (group: MenuGroup): MenuGroup | null => {
    if (isFull && !holds(group.permission)) return null;
    const items = group.items.flatMap((node): MenuNode[] => {
      if (isGroup(node)) {
        const sub = prune(node);
        return sub ? [sub] : [];
      }
      const screen = screenOf(node.to);
      return screen && canSeeScreen(screen, role, permissions) && holds(node.permission) ? [node] : [];
    });
    return items.length ? { ...group, items } : null;
  };
  return MENU.filter((g) => isFull || g.label === 'Utilities').flatMap((g) => {
    const pruned = prune(g);
    return pruned ? [pruned] : [];
  });
};

const allLinks = (nodes: readonly MenuNode[]): MenuLink[] =>
  nodes.flatMap((n) => (isGroup(n) ? allLinks(n.items) : [n]));

// The link a page highlights: the one naming its path and query (E-mail Outbox
// is /manage-entities?tab=outbox), else the one naming its path alone; never
// both, so the outbox does not light up Entity Management as well.
export const isActiveLink = (to: string, pathname: string, search: string): boolean => {
  const [path, query] = to.split('?');
  if (path !== pathname) return false;
  if (query) return search === `?${query}`;
  return !allLinks(MENU).some((l) => {
    const [p, q] = l.to.split('?');
    return p === pathname && q !== undefined && search === `?${q}`;
  });
};

export const groupContains = (group: MenuGroup, pathname: string, search = ''): boolean =>
  group.items.some((node) =>
    isGroup(node) ? groupContains(node, pathname, search) : isActiveLink(node.to, pathname, search),
  );

// Every link of the menu with the groups it sits in, for smart navigation.
export const menuEntries = (
  groups: readonly MenuGroup[],
): { link: MenuLink; groups: readonly string[] }[] => {
  const walk = (
    nodes: readonly MenuNode[],
    path: readonly string[],
  ): { link: MenuLink; groups: readonly string[] }[] =>
    nodes.flatMap((n) => (isGroup(n) ? walk(n.items, [...path, n.label]) : [{ link: n, groups: path }]));
  return groups.flatMap((g) => walk(g.items, [g.label]));
};
