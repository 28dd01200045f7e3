import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// The component projects run file after file in one worker (no isolation: the libraries are imported once).
// Our own modules start afresh for each file, as they would in a new page: caches, sessions and stores kept at
// module level must not carry one file's state into the next.
vi.resetModules();

// How long `findBy…` and `waitFor` wait for the screen: a bound that catches a screen that never comes, not a speed
// limit. Testing Library's 1 s, and 5 s, failed on a busy machine (a lazily loaded page's first import, transformed
// on demand, took longer while three test files shared two cores).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
