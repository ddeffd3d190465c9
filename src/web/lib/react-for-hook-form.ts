/**
 * React's default export as react-hook-form uses it (`React.useState`, …), holding only what it reads. The
 * production build hands this to react-hook-form instead of preact/compat's default export, an object holding
 * all of compat, which no bundler can trim, in the chunk every page loads (vite.config.ts, decision 028).
 */
import {
  createContext,
  createElement,
  Fragment,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export default {
  createContext,
  createElement,
  Fragment,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
};
