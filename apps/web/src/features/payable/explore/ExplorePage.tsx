import { Center, Loader, Stack, Tabs } from '@mantine/core';
import { payableRoutes } from '@taxrecon/contracts';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../api/hooks.ts';
import { OpenFromList } from '../../../components/OpenFromList.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { ChallansTab } from '../../challans/ChallansTab.tsx';
import { AdjustmentsTab } from '../../payable-adjustments/AdjustmentsTab.tsx';
import { monthYearLabel } from '../common/months.ts';
import { PAYABLE_JOBS_PATH } from '../common/paths.ts';
import { deducteeLabel } from '../result/summary-columns.tsx';
import { EntriesTable } from './EntriesTable.tsx';
import { ExploreCards, VerifiedBadge } from './ExploreCards.tsx';
import { exploreGroupOf } from './explore-group.ts';

// Spec part 3 section 2: Actions for TDS Payable Summary, one monthly summary
// row (month, section, subsection, deductee type), opened in a new window.
export function ExplorePage() {
  const [params] = useSearchParams();
  const group = exploreGroupOf(params);
  const explore = useApiQuery(
    payableRoutes.payableExplore,
    {
      params: {
        monthYear: group?.monthYear ?? '',
        section: group?.section ?? '',
        deducteeType: group?.deducteeType ?? 'company',
      },
      query: { subsection: group?.subsection ?? '' },
    },
    { enabled: !!group },
  );

  if (!group)
    return (
      <OpenFromList
        title="Choose a month and section to explore"
        to={PAYABLE_JOBS_PATH}
        action="All TDS payable reconciliation jobs"
      >
        Open this screen from a row of the monthly summary of a TDS payable reconciliation.
      </OpenFromList>
    );
  const data = explore.data;
  const section = `${group.section}${group.subsection ? `(${group.subsection})` : ''}`;
  return (
    <Stack gap="md" data-testid="payable-explore">
      <PageHeader
        title={`Actions for TDS Payable Summary: ${monthYearLabel(group.monthYear)}`}
        subtitle={`Section ${section} · ${deducteeLabel(group.deducteeType)}`}
        actions={data && <VerifiedBadge verified={data.verified} />}
      />
      {explore.isError && <QueryError error={explore.error} fallback="Could not fetch the details" />}
      {!data && explore.isLoading && (
        <Center mih={120}>
          <Loader />
        </Center>
      )}
      {data && <ExploreCards data={data} />}
      <Tabs defaultValue="entries" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="entries" data-testid="explore-tab-entries">
            ENTRIES
          </Tabs.Tab>
          <Tabs.Tab value="challans" data-testid="explore-tab-challans">
            CHALLANS MANAGEMENT
          </Tabs.Tab>
          <Tabs.Tab value="adjustments" data-testid="explore-tab-adjustments">
            ENTRIES ADJUSTMENTS WITH CHALLANS
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="entries" pt="sm">
          <EntriesTable group={group} />
        </Tabs.Panel>
        <Tabs.Panel value="challans" pt="sm">
          <ChallansTab line={{ ...group, subsection: group.subsection ?? '' }} />
        </Tabs.Panel>
        <Tabs.Panel value="adjustments" pt="sm">
          <AdjustmentsTab line={{ ...group, subsection: group.subsection ?? '' }} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
