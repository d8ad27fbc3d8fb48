/* The r600sim driver's one public entry point: the screen constructor. The generic pipe
 * interface (include/pipe/) names no driver; whoever creates the driver includes this. */
#ifndef R600_PUBLIC_H
#define R600_PUBLIC_H

struct pipe_screen;

/* chip: "r600" or "rv770" (NULL = R600SIM_CHIP, default rv770). NULL on failure. */
struct pipe_screen *r600sim_screen_create(const char *chip);

#endif
