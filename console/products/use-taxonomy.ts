import { useQuery } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import type { ConsoleDataProvider } from "../data-provider.ts";

/** The fixed category → sub-category taxonomy, served by the staff API (one source of truth on the server). */
export const useTaxonomy = () => {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({ queryKey: ["taxonomy"], queryFn: () => dataProvider.getTaxonomy(), staleTime: Infinity });
};

export const toChoices = (names: readonly string[]) => names.map((name) => ({ id: name, name }));
