/* What the route probes check in /proc/self/maps. */
#ifndef ROUTE_MAPS_H
#define ROUTE_MAPS_H

/* Counts the libraries of Mesa's GL stack (its glvnd vendors, DRI/gallium drivers, glapi)
 * mapped into this process, printing each once. */
unsigned route_mesa_libraries_mapped(void);

#endif
