export * from './api/location.ts';
export * from './geolocation.ts';
