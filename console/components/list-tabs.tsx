// Tabs above a list that each stand for a filter (the orders' statuses, the inbox's views).
import { useListContext } from "react-admin";
import { Divider, Tab, Tabs } from "@mui/material";

interface ListTab {
  value: string;
  label: string;
}

/** `current` reads the tab out of the list's filters; `select` gives the filters a tab stands for. */
export function ListTabs({
  tabs,
  current,
  select,
}: {
  tabs: readonly ListTab[];
  current: (filters: Record<string, unknown>) => string;
  select: (filters: Record<string, unknown>, value: string) => Record<string, unknown>;
}) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  return (
    <>
      <Tabs
        value={current(filterValues as Record<string, unknown>)}
        variant="scrollable"
        scrollButtons="auto"
        onChange={(_, value: string) => setFilters(select(filterValues as Record<string, unknown>, value), displayedFilters)}
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} />
        ))}
      </Tabs>
      <Divider />
    </>
  );
}
