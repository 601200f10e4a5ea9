import { SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CustomerDetail, CustomerInput, masterDataRoutes } from '@taxrecon/contracts';
import { useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { ContactEmails } from './ContactEmails.tsx';
import { fieldErrors } from './form-errors.ts';
import { CUSTOMER_SECTIONS, type FormValues, toFormValues } from './master-fields.ts';
import { customerInput } from './NewCustomerPage.tsx';
import { type PartyDetailKind, PartyDetailPage } from './PartyDetailPage.tsx';

// A customer's contact e-mails, following the saved customer.
function CustomerEmails({ customer }: { customer: CustomerDetail }) {
  const [emails, setEmails] = useState<string[]>(customer.contactEmails);
  useEffect(() => setEmails(customer.contactEmails), [customer]);
  return <ContactEmails customerId={customer.customerId} emails={emails} onChange={setEmails} />;
}

const CUSTOMER: PartyDetailKind<CustomerDetail> = {
  kind: 'customer',
  label: 'Customer',
  sections: CUSTOMER_SECTIONS,
  useDetail: (customerId) => useApiQuery(masterDataRoutes.customer, { params: { customerId } }),
  idParam: 'customerId',
  useForm: (customer) =>
    useForm<FormValues>({
      initialValues: toFormValues(CUSTOMER_SECTIONS, customer),
      validate: (values) => fieldErrors(CustomerInput, values),
    }),
  useSamePan: (customer, enabled) => {
    const samePan = useApiQuery(
      masterDataRoutes.customerConnectedEntities,
      { query: { customerId: customer.customerId } },
      { enabled },
    );
    return (samePan.data?.samePan ?? []).flatMap((c) =>
      c.tanNumber ? [{ tanNumber: c.tanNumber, name: c.customerName }] : [],
    );
  },
  idOf: (customer) => customer.customerId,
  title: (customer) => customer.customerName,
  subtitle: (customer) => (customer.tanNumber ? `TAN ${customer.tanNumber}` : 'Customer Details'),
  save: async (customer, values, children) =>
    (
      await call(masterDataRoutes.saveCustomer, {
        body: {
          customer: customerInput(values, customer.customerId),
          children: children.added,
          removedChildren: children.removed,
        },
      })
    ).customer,
  detailRoute: masterDataRoutes.customer,
  searchRoute: masterDataRoutes.searchCustomers,
  saveLabel: 'Save',
  editLabel: 'Edit',
  layout: { gap: 0, alertMb: 'md' },
  panels: ({ party, connected }) => ({
    afterForm: (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
        {connected}
        <CustomerEmails customer={party} />
      </SimpleGrid>
    ),
  }),
};

export function CustomerDetailPage() {
  return <PartyDetailPage kind={CUSTOMER} />;
}
