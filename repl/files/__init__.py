"""Files, each by its job: where they are (:mod:`.paths`), written whole in one step
(:mod:`.atomic`), read bounded from outside (:mod:`.bounded`), a game's log on disk
(:mod:`.log_file`), the lock on the data folder (:mod:`.lock`), saves' names
(:mod:`.save_names`), statistics (:mod:`.stats`), crash files (:mod:`.crash`), reading a
log from someone else (:mod:`.reading`), the history (:mod:`.history`), the config file
(:mod:`.config`), bug reports (:mod:`.reproduce`) and what ships with the game
(:mod:`.shipped`)."""
