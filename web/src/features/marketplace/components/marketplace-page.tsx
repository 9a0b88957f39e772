/**
 * /marketplace: search, make filter, Active / Archived tabs (archived for admins), vehicles grouped by make, paged
 * by cursor. One API call renders the screen: the tab counts, the make counts and each card's view and pending
 * counts come in the list response, over every vehicle the caller may see (a dealer: their dealership's only).
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { LoadingBlock } from '@web/components/ui/spinner';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import type { MarketplaceListResponse, MarketplaceTab } from '@shared/marketplace/api';
import { useMarketplaceVehicles } from '../api/get-marketplace-vehicles';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { groupByMake, makeChips } from '../vehicle-list';
import groupStyles from '@web/components/ui/card-groups.module.css';
import styles from './marketplace.module.css';
import { VehicleCard } from './vehicle-card';

const SEARCH_DELAY_MS = 300;
const EMPTY_MESSAGES: Record<MarketplaceTab, string> = {
  active: 'No available vehicles found matching your criteria.',
  archived: 'No archived vehicles found.',
};

export function MarketplacePage() {
  useDocumentTitle('Marketplace');
  const user = useRequiredUser();
  const mayViewArchived = user.role === 'admin';
  const [tab, setTab] = useState<MarketplaceTab>('active');
  const [searchText, setSearchText] = useState('');
  const [make, setMake] = useState<string>();
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const searchId = useId();

  // The filters and counts stay on screen while the next answer loads.
  const list = useMarketplaceVehicles({ tab, search, make });

  useEffect(() => {
    if (!list.error) return;
    logger.error('Loading the marketplace failed', list.error);
    toast({ title: 'Error loading vehicles', description: list.error.message, variant: 'destructive' });
  }, [list.error]);

  const first: MarketplaceListResponse | undefined = list.data?.pages[0];
  const vehicles = list.data?.pages.flatMap((page) => page.items) ?? [];
  // A group counts every vehicle of its make in the tab, or with a search every match: also those on pages not
  // loaded yet. The counts are the answer's own, so they always go with the vehicles shown.
  const makeCounts = new Map((first?.matches ?? first?.makes ?? []).map(({ make: name, count }) => [name, count]));
  const groups = groupByMake(vehicles, (name) => makeCounts.get(name));

  const panel = (
    <TabPanel value={tab}>
      {list.isPending ? (
        <LoadingBlock label="Loading vehicles" />
      ) : vehicles.length === 0 ? (
        <p className={styles.empty}>{EMPTY_MESSAGES[tab]}</p>
      ) : (
        <div className={groupStyles.groups} aria-busy={list.isPlaceholderData || undefined}>
          {groups.map((group, index) => (
            <section key={group.make} aria-labelledby={`${searchId}-group-${index}`}>
              <h2 id={`${searchId}-group-${index}`} className={groupStyles.groupTitle}>
                {group.make} <Badge variant="neutral">{group.count}</Badge>
              </h2>
              <ul className={groupStyles.grid}>
                {group.vehicles.map((vehicle) => (
                  <li key={vehicle.id}>
                    <VehicleCard vehicle={vehicle} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {list.hasNextPage && (
            <div className={styles.more}>
              <Button variant="secondary" isLoading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? 'Loading more…' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </TabPanel>
  );

  return (
    <AppShell>
      <PageHeader
        title="Marketplace"
        description="Lease vehicles ready to offer your clients."
        actions={
          <>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back
            </Link>
            <Link to="/marketplace/new" className={buttonClassName()}>
              Add Vehicle
            </Link>
          </>
        }
      />

      <div className={styles.toolbar}>
        <label htmlFor={searchId} className="visually-hidden">
          Search vehicles
        </label>
        <Input
          id={searchId}
          type="search"
          placeholder="Search by make, model, or year..."
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <div role="group" aria-label="Filter by make" className={styles.makes}>
          <MakeButton label="All Makes" pressed={make === undefined} onClick={() => setMake(undefined)} />
          {makeChips(first?.makes ?? [], make).map((name) => (
            <MakeButton
              key={name}
              label={name}
              pressed={make?.toLowerCase() === name.toLowerCase()}
              // The selected make that left the tab is the last chip: pressing it clears the filter, as before.
              onClick={() => setMake(name === make && !(first?.makes ?? []).some((m) => m.make === name) ? undefined : name)}
            />
          ))}
        </div>
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as MarketplaceTab)}>
        <TabList label="Vehicles">
          <Tab value="active">Active Vehicles ({first?.counts.active ?? 0})</Tab>
          {mayViewArchived && <Tab value="archived">Archived Vehicles ({first?.counts.archived ?? 0})</Tab>}
        </TabList>
        {panel}
      </Tabs>
    </AppShell>
  );
}

function MakeButton({ label, pressed, onClick }: { label: string; pressed: boolean; onClick: () => void }) {
  return (
    <Button variant={pressed ? 'primary' : 'secondary'} size="sm" aria-pressed={pressed} onClick={onClick}>
      {label}
    </Button>
  );
}
