import { SimpleGrid } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { OtherDataCard } from './OtherDataCard.tsx';
import { PaymentDataCard } from './PaymentDataCard.tsx';
import { SalesDataCard } from './SalesDataCard.tsx';

// Delete Data (spec part 1 section 2): three cards, each deleting after a confirmation.
export function DeleteDataPage() {
  return (
    <div data-testid="delete-data-page">
      <PageHeader
        title="Delete Data"
        subtitle="Deleted data cannot be recovered, except from a snapshot taken before"
      />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        <SalesDataCard />
        <PaymentDataCard />
        <OtherDataCard />
      </SimpleGrid>
    </div>
  );
}
