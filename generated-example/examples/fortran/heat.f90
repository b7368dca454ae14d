! One-dimensional heat conduction in a rod, explicit finite differences: a module with the
! grid, the time step and the diagnostics, and a driver that runs to a steady state. The
! driver passes the rod length (a real) where write_profile expects the number of cells,
! and gfortran reports a type mismatch in the argument.
module heat_rod
  implicit none
  private
  integer, parameter, public :: dp = kind(1.0d0)

  type, public :: rod_t
    integer :: cells = 0
    real(dp) :: length = 1.0_dp
    real(dp) :: diffusivity = 1.0e-4_dp
    real(dp), allocatable :: temperature(:)
  contains
    procedure :: dx => rod_dx
    procedure :: stable_step
  end type rod_t

  public :: make_rod, advance, max_change, write_profile

contains

  function make_rod(cells, length, diffusivity, initial) result(rod)
    integer, intent(in) :: cells
    real(dp), intent(in) :: length, diffusivity, initial
    type(rod_t) :: rod
    rod%cells = cells
    rod%length = length
    rod%diffusivity = diffusivity
    allocate(rod%temperature(0:cells + 1))
    rod%temperature = initial
  end function make_rod

  pure real(dp) function rod_dx(self)
    class(rod_t), intent(in) :: self
    rod_dx = self%length / real(self%cells, dp)
  end function rod_dx

  pure real(dp) function stable_step(self, safety)
    class(rod_t), intent(in) :: self
    real(dp), intent(in) :: safety
    stable_step = safety * 0.5_dp * self%dx()**2 / self%diffusivity
  end function stable_step

  subroutine advance(rod, dt, left, right)
    type(rod_t), intent(inout) :: rod
    real(dp), intent(in) :: dt, left, right
    real(dp) :: r
    real(dp), allocatable :: next(:)
    integer :: i

    rod%temperature(0) = left
    rod%temperature(rod%cells + 1) = right
    r = rod%diffusivity * dt / rod%dx()**2
    allocate(next, mold=rod%temperature)
    next(0) = left
    next(rod%cells + 1) = right
    do concurrent (i = 1:rod%cells)
      next(i) = rod%temperature(i) + r * (rod%temperature(i - 1) &
                - 2.0_dp * rod%temperature(i) + rod%temperature(i + 1))
    end do
    call move_alloc(next, rod%temperature)
  end subroutine advance

  real(dp) function max_change(old, new)
    real(dp), intent(in) :: old(:), new(:)
    max_change = maxval(abs(new - old))
  end function max_change

  subroutine write_profile(unit, rod, n)
    integer, intent(in) :: unit
    type(rod_t), intent(in) :: rod
    integer, intent(in) :: n
    integer :: i, stride
    stride = max(1, rod%cells / n)
    write (unit, '(a)') '#        x           T'
    do i = 0, rod%cells + 1, stride
      write (unit, '(f10.4, 2x, f10.4)') (real(i, dp) - 0.5_dp) * rod%dx(), rod%temperature(i)
    end do
  end subroutine write_profile

end module heat_rod

program steady_state
  use heat_rod
  implicit none
  type(rod_t) :: rod
  real(dp), allocatable :: previous(:)
  real(dp) :: dt, change
  integer :: step
  integer, parameter :: max_steps = 200000
  real(dp), parameter :: tolerance = 1.0e-9_dp

  rod = make_rod(40, 0.5_dp, 1.1e-4_dp, 20.0_dp)
  dt = rod%stable_step(0.9_dp)
  change = huge(1.0_dp)
  step = 0
  do while (change > tolerance .and. step < max_steps)
    previous = rod%temperature
    call advance(rod, dt, 100.0_dp, 20.0_dp)
    change = max_change(previous, rod%temperature)
    step = step + 1
  end do

  if (step == max_steps) then
    print '(a, es10.3)', 'no steady state; last change ', change
  else
    print '(a, i0, a, f8.1, a)', 'steady after ', step, ' steps (', step * dt, ' s)'
  end if
  call write_profile(6, rod, rod%length)
end program steady_state
